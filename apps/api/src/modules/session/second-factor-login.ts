/**
 * POST log/second-factor (issue 22 §4; docs/security.md "Second factor"): completes a log-in whose
 * password step answered a SecondFactorTicket (login.ts), with a code of the player's authenticator app,
 * a passkey or a recovery code (second-factors/login-step.ts), and opens the session as a log-in does. The code
 * check passes the log-in throttle (login-throttle.ts) as an attempt on the ticket's account: a wrong
 * code counts as a failed attempt of that account (back-off, address and account limits), a right one
 * ends the series; a wrong proof is recorded as `login.second_factor_failed` (Recent activity tells it
 * from a wrong password), a refusal as `login.throttled` (login.ts). The captcha the password
 * step passed is not asked again.
 */
import type { FastifyReply } from 'fastify';
import type { SecondFactorLoginRequest } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../lib/errors.ts';
import { findUserById } from '../accounts/index.ts';
import { audit } from '../audit/index.ts';
import {
  isWrongSecondFactor,
  playerOfTicket,
  redeemSecondFactor,
  setRememberedDeviceCookie,
} from '../second-factors/index.ts';
import { startAuditedLoginAttempt, type LoggedIn, type LoginRequest } from './login.ts';
import { createSession } from './sessions.ts';
import { verifyDeviceToken } from './device-cookies.ts';
import { queueSecurityAlert } from '../security-alerts/index.ts';

/**
 * Checks the second factor and opens the session; with `RememberDevice`, gives the browser the
 * remembered-device cookie.
 * @throws 400 ERROR_SECOND_FACTOR_TICKET_INVALID, ERROR_SECOND_FACTOR_INVALID, ERROR_PASSKEY_INVALID,
 *   ERROR_USER_BANNED;
 *   429 when throttled
 */
export async function completeSecondFactor(
  ctx: AppContext,
  body: SecondFactorLoginRequest,
  request: LoginRequest,
  reply: FastifyReply,
): Promise<LoggedIn> {
  const userId = await playerOfTicket(ctx, body.Ticket);
  const user = await findUserById(ctx.db, userId);
  if (!user) throw badRequest('ERROR_SECOND_FACTOR_TICKET_INVALID');
  const attempt = await startAuditedLoginAttempt(
    ctx,
    {
      idUser: user.id_user,
      ip: request.ip ?? '-',
      deviceToken: request.deviceTokenFor(user.id_user),
      captcha: { token: null, verified: true },
    },
    user.id,
    request,
  );
  try {
    await redeemSecondFactor(
      ctx,
      { ticket: body.Ticket, code: body.Code, recoveryCode: body.RecoveryCode, passkey: body.Passkey },
      request.ip,
    );
  } catch (error) {
    if (isWrongSecondFactor(error)) {
      await attempt.failed();
      await audit(ctx, user.id, 'login.second_factor_failed', request.ip, {
        userAgent: request.userAgent?.slice(0, 512) ?? null,
      });
    } else attempt.abandoned();
    throw error;
  }
  await attempt.succeeded();
  if (user.banned_at) throw badRequest('ERROR_USER_BANNED');
  if (body.RememberDevice) setRememberedDeviceCookie(ctx, reply, user.id_user);
  const origin = { ip: request.ip, userAgent: request.userAgent };
  const alerted = { ...origin, locale: request.locale };
  const deviceToken = request.deviceTokenFor(user.id_user);
  const knownDevice = deviceToken ? await verifyDeviceToken(ctx, deviceToken, user.id_user) : null;
  // Issue 22 §6: a recovery code used, and a log-in from a new device, are told to the player.
  const created = await ctx.db.transaction().execute(async (trx) => {
    const identity = await createSession({ ...ctx, db: trx }, user, origin);
    if (body.RecoveryCode) await queueSecurityAlert(ctx, trx, user, 'recovery-code-used', alerted);
    if (!knownDevice) await queueSecurityAlert(ctx, trx, user, 'new-device', alerted);
    return identity;
  });
  if (body.RecoveryCode || !knownDevice) ctx.outbox.wake();
  return { created, idUser: user.id_user };
}
