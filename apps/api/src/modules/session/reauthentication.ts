/**
 * Re-authentication for sensitive changes (with the step-up of issue 22 §4: for a player with a second
 * factor, the password alone is no proof — POST password/validate/user/{id} then answers a second-factor
 * ticket, and {@link completeReauthentication} records the proof once a code, a recovery code or a
 * passkey redeems it; a log-in records it only when it took every factor, not on a remembered device) (DESIGN.md §5 "sensitive changes (password, e-mail, second
 * factors) need a recent proof of the password (`auth_time`)"; docs/security.md "Re-authentication"; as
 * OIDC's `max_age` and RFC 9470 step-up do): each session records when its player last proved their
 * password (`sessions.auth_time`) — at log-in, at POST password/validate/user/{id}, or with the right Old
 * password of the change itself. A change that needs it and finds none within
 * `REAUTHENTICATION_MAX_AGE_SECONDS` answers 400 ERROR_REAUTHENTICATION_REQUIRED, on which the SPA asks
 * the current password in a dialog, proves it with password/validate, and sends the change again. A
 * stolen access token alone therefore changes neither the password nor the e-mail. Refreshing tokens does
 * not renew the proof.
 */
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../lib/errors.ts';
import { isoNow } from '../../lib/time.ts';
import type { AuthInfo } from './authentication.ts';
import { setAuthTime } from './store.ts';
import { audit } from '../audit/index.ts';
import {
  isWrongSecondFactor,
  playerOfTicket,
  redeemSecondFactor,
  type SecondFactorProof,
} from '../second-factors/index.ts';

/** Was the password proved on the caller's session within the configured window? */
export function hasRecentAuthentication(ctx: AppContext, auth: Pick<AuthInfo, 'authTime'>): boolean {
  if (!auth.authTime) return false;
  const age = Date.now() - Date.parse(auth.authTime);
  return age >= 0 && age <= ctx.config.reauthenticationMaxAgeSeconds * 1000;
}

/**
 * Requires a recent proof of the password on the caller's session.
 * @throws 400 ERROR_REAUTHENTICATION_REQUIRED (general) when there is none within
 *   `REAUTHENTICATION_MAX_AGE_SECONDS`
 */
export function requireRecentAuthentication(ctx: AppContext, auth: Pick<AuthInfo, 'authTime'>): void {
  if (!hasRecentAuthentication(ctx, auth)) throw badRequest('ERROR_REAUTHENTICATION_REQUIRED');
}

/**
 * Records that the player just proved their password on the caller's session (its `auth_time`), and
 * drops the player's verified tokens, which carried the old one (verified-tokens.ts).
 */
export async function recordAuthentication(
  ctx: AppContext,
  auth: Pick<AuthInfo, 'sessionId' | 'idUser'>,
): Promise<void> {
  await setAuthTime(ctx.db, auth.sessionId, isoNow());
  await ctx.verifiedTokens.forgetPlayer(auth.idUser);
}

/**
 * POST account/reauthentication/second-factor: redeems the caller's step-up ticket with a proof and
 * records the full authentication on the caller's session. A wrong proof is recorded for the player's
 * Recent activity as `reauthentication.second_factor_failed`, with the address and device it came from.
 * @param origin the request's address and `User-Agent` (null when absent)
 * @throws 400 ERROR_SECOND_FACTOR_TICKET_INVALID (unknown, used, expired, dead, or another player's
 *   ticket), ERROR_SECOND_FACTOR_INVALID, ERROR_PASSKEY_INVALID (counted on the ticket)
 */
export async function completeReauthentication(
  ctx: AppContext,
  caller: Pick<AuthInfo, 'userId' | 'sessionId' | 'idUser'>,
  proof: SecondFactorProof,
  origin: { ip: string | null; userAgent: string | null },
): Promise<void> {
  if ((await playerOfTicket(ctx, proof.ticket)) !== caller.userId)
    throw badRequest('ERROR_SECOND_FACTOR_TICKET_INVALID');
  try {
    await redeemSecondFactor(ctx, proof, origin.ip);
  } catch (error) {
    if (isWrongSecondFactor(error))
      await audit(ctx, caller.userId, 'reauthentication.second_factor_failed', origin.ip, {
        userAgent: origin.userAgent?.slice(0, 512) ?? null,
      });
    throw error;
  }
  await recordAuthentication(ctx, caller);
}
