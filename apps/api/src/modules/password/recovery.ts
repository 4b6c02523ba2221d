/**
 * Password recovery (spec §2 Password recovery; §4 "Send, then Sent page. Reset, then Login"; §7 POST
 * password/password-recovery, POST password/password-recovery-validation; §8 PASSWORD_RECOVERY
 * NOTEXISTS / EXPIRED, "Password reset splits errors into blank, Password and ConfirmPassword groups").
 *
 * Asking answers the same whether or not the address belongs to a player (no enumeration); a player
 * who can use a password receives a single-use link /password-recovery/reset?token=… valid
 * {@link RECOVERY_LINK_TTL_MINUTES} minutes (at most {@link MAX_RECOVERY_MAILS_PER_HOUR} an hour). The
 * link and its mail (in the outbox, modules/outbound-mail/outbox.ts) are written in one transaction after the
 * answer (lib/deferred-work.ts), and the node's worker delivers the mail: a known and an unknown
 * address answer alike, in content and in time (docs/architecture.md "Outgoing mail"). The reset checks the new password before using the link, so a refused password leaves it usable; a
 * reset revokes every session of the player and every other recovery link, confirms the address
 * (the player proved it owns the mailbox) and, with the `securityAlerts` flag, tells the player by
 * e-mail (issue 22 §6). The reset page checks its link as it opens
 * ({@link checkRecoveryLink}, read-only), so that a used or expired link is said before the player types.
 * Partner environments have no recovery (spec §2).
 */
import {
  ENVIRONMENT_BEHAVIOUR,
  type Locale,
  type PasswordRecoveryValidationRequest,
} from '@guildgate/contracts';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database, UserRow } from '../../db/schema.ts';
import { audit } from '../audit/index.ts';
import { brandName } from '../../lib/brand.ts';
import { mailLocale } from '../../lib/locale.ts';
import { composeMail } from '../outbound-mail/index.ts';
import { badRequest, validationFailed } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { HOUR_MS, MINUTE_MS } from '../../lib/time.ts';
import {
  confirmEmailAddress,
  findUserByEmail,
  getUserById,
  newPasswordErrors,
  setPasswordHash,
} from '../accounts/index.ts';
import {
  consumeLink,
  createLink,
  findLink,
  invalidateLinks,
  pageUrl,
  type LinkCodes,
} from '../email-address/index.ts';
import { revokeSessions } from '../session/index.ts';
import { takeQuota } from '../rate-limits/index.ts';
import { forgetAccountFailures } from '../session/index.ts';
import { queueSecurityAlert, type EventRequest } from '../security-alerts/index.ts';

/** Minutes a recovery link stays valid. */
export const RECOVERY_LINK_TTL_MINUTES = 60;
/** Recovery e-mails one player may receive per hour (further requests are answered alike, silently). */
export const MAX_RECOVERY_MAILS_PER_HOUR = 5;

const LINK_CODES: LinkCodes = {
  notExists: 'ERROR_PASSWORD_RECOVERY_NOTEXISTS',
  expired: 'ERROR_PASSWORD_RECOVERY_EXPIRED',
};

function requireRecovery(ctx: AppContext): void {
  if (!passwordRecoveryOffered(ctx)) throw badRequest('ERROR_NOT_ALLOWED');
}

/** Is password recovery offered here (spec §2: partner environments have none)? */
export function passwordRecoveryOffered(ctx: Pick<AppContext, 'config'>): boolean {
  return !ENVIRONMENT_BEHAVIOUR[ctx.config.environment].partnerSignOn;
}

/**
 * Answers a recovery request: checks the form, then — after the answer, as deferred work
 * (lib/deferred-work.ts), so that neither its content nor its time tells whether the address is known
 * — {@link sendRecoveryLink}.
 * @throws AppError 400 Email ERROR_EMAIL_EMPTY; general ERROR_NOT_ALLOWED in partner environments
 */
export async function requestPasswordRecovery(
  ctx: AppContext,
  email: string,
  ip: string | null,
  locale: Locale | null,
): Promise<void> {
  requireRecovery(ctx);
  if (!email.trim()) throw badRequest('ERROR_EMAIL_EMPTY', 'Email');
  if (email.length > 255) return;
  ctx.deferred.run('password recovery', () => sendRecoveryLink(ctx, email, ip, locale));
}

/**
 * Queues a recovery link for `email` when it belongs to a player who can use a password (not banned,
 * not a partner sign-on player) and the hourly limit allows; nothing otherwise. The link and its mail
 * are written in one transaction; the outbox delivers the mail, in the player's saved locale, else
 * `locale` (the asking request's Accept-Language, read before the answer).
 */
export async function sendRecoveryLink(
  ctx: AppContext,
  email: string,
  ip: string | null,
  locale: Locale | null,
): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user || !user.password_hash || user.banned_at) return;
  const quota = { points: MAX_RECOVERY_MAILS_PER_HOUR, durationSeconds: HOUR_MS / 1000 };
  if (!(await takeQuota(ctx.rateLimits, 'recovery-mail', quota, String(user.id)))) return;
  await ctx.db.transaction().execute(async (trx) => {
    await queueRecoveryLink(ctx, trx, user, user.email, locale);
    await audit({ db: trx }, user.id, 'password.recovery_requested', ip);
  });
  ctx.outbox.wake();
}

/**
 * Writes a recovery link of `user` and queues its mail to `to` through `trx` (the caller's transaction),
 * in the player's saved locale, else `locale`. The caller wakes the outbox after the commit.
 */
export async function queueRecoveryLink(
  ctx: AppContext,
  trx: Kysely<Database>,
  user: Pick<UserRow, 'id' | 'username' | 'locale'>,
  to: string,
  locale: Locale | null,
): Promise<void> {
  const token = await createLink(trx, user.id, 'password_recovery', RECOVERY_LINK_TTL_MINUTES * MINUTE_MS);
  await ctx.outbox.enqueue(trx, {
    kind: 'password-recovery',
    to,
    userId: user.id,
    content: composeMail(
      'password-recovery',
      mailLocale(user.locale, locale),
      brandName(ctx.config.environment),
      pageUrl(ctx, '/password-recovery/reset', { token }),
      { username: user.username, ttlMinutes: RECOVERY_LINK_TTL_MINUTES },
    ),
  });
}

/**
 * Checks the recovery link `token` without using it (the reset page, as it opens): the same checks as
 * {@link resetRecoveredPassword} makes before it sets a password, and nothing is written.
 * @throws AppError 400 — general ERROR_PASSWORD_RECOVERY_NOTEXISTS (unknown, used, superseded) /
 *   ERROR_PASSWORD_RECOVERY_EXPIRED / ERROR_NOT_ALLOWED (partner environment)
 */
export async function checkRecoveryLink(ctx: AppContext, token: string): Promise<void> {
  requireRecovery(ctx);
  await findLink(ctx.db, token, 'password_recovery', LINK_CODES);
}

/**
 * Sets a new password with the recovery link `form.Token`, queues the security alert (with the
 * origin `request`: IP, user agent, Accept-Language), and forgets the failed log-ins counted on the
 * account (the old password's guesses no longer hold a new device of the owner off).
 * @throws AppError 400 — general ERROR_PASSWORD_RECOVERY_NOTEXISTS (unknown, used) /
 *   ERROR_PASSWORD_RECOVERY_EXPIRED / ERROR_NOT_ALLOWED (partner environment); Password: the password
 *   rules (studio rule in TWO-POINT-STUDIOS; ERROR_PASSWORD_COMMON with the flag breachedPasswordCheck);
 *   ConfirmPassword: ERROR_CONFIRM_PASSWORD_INVALID
 */
export async function resetRecoveredPassword(
  ctx: AppContext,
  form: PasswordRecoveryValidationRequest,
  request: EventRequest,
): Promise<void> {
  const ip = request.ip;
  requireRecovery(ctx);
  const link = await findLink(ctx.db, form.Token, 'password_recovery', LINK_CODES);
  const user = await getUserById(ctx.db, link.userId);
  const items = await newPasswordErrors(ctx.config, user, form.Password, form.Confirm);
  if (items.length) throw validationFailed(items);
  const hash = await hashPassword(form.Password);
  await ctx.db.transaction().execute(async (trx) => {
    await consumeLink(trx, form.Token, 'password_recovery', LINK_CODES);
    await invalidateLinks(trx, user.id, 'password_recovery');
    await setPasswordHash(trx, user.id, hash);
    await confirmEmailAddress(trx, user.id);
    await revokeSessions(trx, { userId: user.id });
    await audit({ db: trx }, user.id, 'password.recovered', ip, { sessionsRevoked: true });
    await queueSecurityAlert(ctx, trx, user, 'password-changed', request);
  });
  ctx.outbox.wake();
  // The OpenID Provider's sessions end too (docs/security.md "Log-out propagation").
  await ctx.verifiedTokens.forgetPlayer(user.id_user);
  ctx.signOuts.signedOut(user.id_user);
  // Guesses at the old password are moot now: a new device of the owner is not held off by them.
  await forgetAccountFailures(ctx, user.id_user);
}
