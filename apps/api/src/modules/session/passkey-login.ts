/**
 * "Sign in with a passkey" (issue 22 §3; docs/security.md "Passkeys"): POST log/passkey verifies a
 * passwordless assertion (second-factors/login-step.ts: a challenge of POST log/passkey/options without a
 * ticket, user verification required) and opens the session as a complete log-in — the passkey proves
 * possession and, through the authenticator's user verification, the player: both factors, so the
 * session's `auth_time` is now and no second step follows. A banned or unconfirmed player is refused as
 * at the password log-in; a new device is told to the player (issue 22 §6).
 */
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../lib/errors.ts';
import { findUserById } from '../accounts/index.ts';
import { queueSecurityAlert } from '../security-alerts/index.ts';
import { verifyPasswordlessPasskey } from '../second-factors/index.ts';
import { verifyDeviceToken } from './device-cookies.ts';
import type { LoggedIn, LoginRequest } from './login.ts';
import { createSession } from './sessions.ts';
import { hasEverHadSession } from './store.ts';

/**
 * Signs in with a passkey alone.
 * @throws 400 ERROR_PASSKEY_INVALID, ERROR_USER_BANNED, ERROR_USER_CONFIRMED; 404 with the flag off
 */
export async function logInWithPasskey(
  ctx: AppContext,
  response: AuthenticationResponseJSON,
  request: LoginRequest,
): Promise<LoggedIn> {
  const userId = await verifyPasswordlessPasskey(ctx, response);
  const user = await findUserById(ctx.db, userId);
  if (!user) throw badRequest('ERROR_PASSKEY_INVALID', 'Response');
  if (user.banned_at) throw badRequest('ERROR_USER_BANNED');
  if (!user.email_confirmed_at) throw badRequest('ERROR_USER_CONFIRMED');
  const origin = { ip: request.ip, userAgent: request.userAgent };
  const deviceToken = request.deviceTokenFor(user.id_user);
  const knownDevice = deviceToken ? await verifyDeviceToken(ctx, deviceToken, user.id_user) : null;
  const { created, alerted } = await ctx.db.transaction().execute(async (trx) => {
    const firstLogIn = !(await hasEverHadSession(trx, user.id));
    const identity = await createSession({ ...ctx, db: trx }, user, origin);
    const newDevice = !knownDevice && !firstLogIn;
    if (newDevice)
      await queueSecurityAlert(ctx, trx, user, 'new-device', { ...origin, locale: request.locale });
    return { created: identity, alerted: newDevice };
  });
  if (alerted) ctx.outbox.wake();
  return { created, idUser: user.id_user };
}
