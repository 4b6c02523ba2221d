/**
 * Password reset in the account (spec §2 "Password reset in the account"; §3 Password reset form
 * (account); §5 password rules; §7 POST password/password-reset; §8 "Password reset splits errors into
 * blank, Password and ConfirmPassword groups"). The Old password is required and checked where the
 * page shows it (TWO-POINT-STUDIOS), and checked wherever it is given; without it, the session must have
 * proved the password within REAUTHENTICATION_MAX_AGE_SECONDS (session/reauthentication.ts) — and, for a
 * player with a second factor, always, with that factor too (issue 22 §4 step-up). On success
 * every other session of the player is revoked (DESIGN.md §5); the calling session stays; with the
 * `securityAlerts` flag the player is told by e-mail (issue 22 §6), in the same transaction.
 */
import type { AccountPasswordResetRequest, ErrorCode, ErrorItem } from '@guildgate/contracts';
import { ENVIRONMENT_BEHAVIOUR } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { audit } from '../audit/index.ts';
import { badRequest, validationFailed } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { getUserById, newPasswordErrors, setPasswordHash } from '../accounts/index.ts';
import { revokeSessions } from '../session/index.ts';
import { requireRecentAuthentication } from '../session/index.ts';
import { hasSecondFactor } from '../second-factors/index.ts';
import { queueSecurityAlert, type EventRequest } from '../security-alerts/index.ts';

/** Who asks: the player, the session the request came with and its last proof of the password. */
export interface AccountCaller {
  userId: number;
  sessionId: string;
  authTime: string | null;
}

/**
 * Changes the caller's password, revokes their other sessions and queues the security alert, in one
 * transaction. `request` is where the change comes from (IP, user agent, Accept-Language).
 * @throws AppError 400 with one item per failing field: OldPassword (ERROR_PASSWORD_EMPTY,
 *   ERROR_OLD_PASSWORD_INCORRECT), Password (ERROR_PASSWORD_EMPTY / _LENGTH / _LETTERS / _NUMBERS /
 *   _USERNAME, ERROR_PASSWORD_STUDIO_RULES in TWO-POINT-STUDIOS, ERROR_PASSWORD_COMMON with the flag
 *   breachedPasswordCheck), ConfirmPassword
 *   (ERROR_CONFIRM_PASSWORD_INVALID); general ERROR_NOT_ALLOWED in the partner environments or for a
 *   player who signs in through a partner (no password here); general ERROR_REAUTHENTICATION_REQUIRED
 *   without the Old password (or with a second factor) and without a recent proof on the session
 */
export async function resetAccountPassword(
  ctx: AppContext,
  caller: AccountCaller,
  form: AccountPasswordResetRequest,
  request: EventRequest,
): Promise<void> {
  const ip = request.ip;
  if (ENVIRONMENT_BEHAVIOUR[ctx.config.environment].partnerSignOn) throw badRequest('ERROR_NOT_ALLOWED');
  const user = await getUserById(ctx.db, caller.userId);
  if (!user.password_hash) throw badRequest('ERROR_NOT_ALLOWED');

  const studio = ENVIRONMENT_BEHAVIOUR[ctx.config.environment].oldPasswordField;
  const items: ErrorItem[] = [];
  const add = (property: string, code: ErrorCode | null) => {
    if (code) items.push({ Property: property, ErrorMessage: code });
  };
  const oldPassword = form.OldPassword ?? '';
  // Without the Old password, the session must have proved the password recently (reauthentication.ts);
  // with a second factor (issue 22 §4 step-up), always, and with that factor: the Old password is not it.
  if ((!studio && oldPassword === '') || (await hasSecondFactor(ctx, caller.userId)))
    requireRecentAuthentication(ctx, caller);
  if (studio && oldPassword === '') add('OldPassword', 'ERROR_PASSWORD_EMPTY');
  else if (oldPassword !== '' && !(await verifyPassword(user.password_hash, oldPassword)))
    add('OldPassword', 'ERROR_OLD_PASSWORD_INCORRECT');
  items.push(...(await newPasswordErrors(ctx.config, user, form.Password, form.ConfirmPassword)));
  if (items.length) {
    if (items.some((i) => i.ErrorMessage === 'ERROR_OLD_PASSWORD_INCORRECT'))
      await audit(ctx, caller.userId, 'password.change_refused', ip, { reason: 'old_password' });
    throw validationFailed(items);
  }

  const hash = await hashPassword(form.Password);
  await ctx.db.transaction().execute(async (trx) => {
    await setPasswordHash(trx, user.id, hash);
    await revokeSessions(trx, { userId: user.id, exceptSessionId: caller.sessionId });
    await audit({ db: trx }, user.id, 'password.changed', ip, { otherSessionsRevoked: true });
    await queueSecurityAlert(ctx, trx, user, 'password-changed', request);
  });
  ctx.outbox.wake();
  // The OpenID Provider's sessions end too, on every device (docs/security.md "Log-out propagation").
  await ctx.verifiedTokens.forgetPlayer(user.id_user);
  ctx.signOuts.signedOut(user.id_user);
}
