/**
 * "This wasn't me" (issue 22 §6; POST account/secure; docs/security.md "Security alerts"): the link of
 * a security alert e-mail secures the account it was sent about. In one transaction it uses the link
 * (single-use, expiring: security-alerts secure-links.ts), revokes every session of the player and their
 * refresh tokens, forgets their known devices (`users.devices_forgotten_at`: a device cookie signed before
 * is not a known device any more), spends their pending recovery links and queues a new one to the address
 * the alert went to — the player's address, or the old one after an e-mail change, whose owner could
 * otherwise not get back in — and writes the audit event `account.secured`. After the commit the
 * OpenID Provider's sessions end too (`ctx.signOuts`: back-channel log-out to the partner sites) and the
 * failed log-ins counted on the account are forgotten. No recovery link is sent in the partner
 * environments (no recovery there, spec §2) nor to a player without a password of ours.
 */
import { ENVIRONMENT_BEHAVIOUR, type Locale, type SecureAccountResponse } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { isoNow } from '../../lib/time.ts';
import { audit } from '../audit/index.ts';
import { forgetKnownDevices, getUserById } from '../accounts/index.ts';
import { invalidateLinks } from '../email-address/index.ts';
import { claimSecureAccountLink } from '../security-alerts/index.ts';
import { forgetAccountFailures, revokeSessions } from '../session/index.ts';
import { queueRecoveryLink } from './recovery.ts';

/**
 * Secures the account of the "This wasn't me" link `token` (see the file's comment).
 * @param locale the request's Accept-Language among ours: the recovery mail's language when the player
 *   has none saved
 * @returns what was done
 * @throws AppError 400 general ERROR_SECURE_ACCOUNT_NOTEXISTS (unknown, used) or
 *   ERROR_SECURE_ACCOUNT_EXPIRED
 */
export async function secureAccount(
  ctx: AppContext,
  token: string,
  ip: string | null,
  locale: Locale | null,
): Promise<SecureAccountResponse> {
  const recoveryAllowed = !ENVIRONMENT_BEHAVIOUR[ctx.config.environment].partnerSignOn;
  const { user, recoveryMailSent } = await ctx.db.transaction().execute(async (trx) => {
    const link = await claimSecureAccountLink(trx, token);
    const player = await getUserById(trx, link.userId);
    await revokeSessions(trx, { userId: player.id });
    await forgetKnownDevices(trx, player.id, isoNow());
    await invalidateLinks(trx, player.id, 'password_recovery');
    const sendRecovery = recoveryAllowed && player.password_hash !== null && player.banned_at === null;
    if (sendRecovery) await queueRecoveryLink(ctx, trx, player, link.email ?? player.email, locale);
    await audit({ db: trx }, player.id, 'account.secured', ip, {
      sessionsRevoked: true,
      devicesForgotten: true,
      recoveryMailSent: sendRecovery,
    });
    return { user: player, recoveryMailSent: sendRecovery };
  });
  ctx.outbox.wake();
  // The OpenID Provider's sessions end too, on every device (docs/security.md "Log-out propagation").
  await ctx.verifiedTokens.forgetPlayer(user.id_user);
  ctx.signOuts.signedOut(user.id_user);
  await forgetAccountFailures(ctx, user.id_user);
  return { SessionsRevoked: true, DevicesForgotten: true, RecoveryMailSent: recoveryMailSent };
}
