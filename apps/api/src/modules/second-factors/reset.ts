/**
 * Resetting a player's second factors (issue 24 §2, the operator console's "reset second factors", for
 * a player who lost their authenticator app, passkeys and recovery codes): everything the module holds
 * for the player's second step goes — the authenticator app (pending or confirmed), the passkeys and
 * their challenges, the recovery codes and the open second-step tickets — and the player is sent the
 * "second factor removed" security alert (modules/security-alerts), so that a reset obtained by a
 * hijacked support request is noticed by the owner. Their next log-in is by password alone.
 */
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database, UserRow } from '../../db/schema.ts';
import { audit } from '../audit/index.ts';
import { queueSecurityAlert } from '../security-alerts/index.ts';
import { countPasskeys, deletePasskeysOf } from './passkey-store.ts';
import { countRecoveryCodesLeft, deleteSecondFactorsOf, deleteTicketsOf, findTotp } from './store.ts';

/** What a player had before a reset: a confirmed app, how many passkeys and unused recovery codes. */
export interface ResetFactors {
  authenticatorApp: boolean;
  passkeys: number;
  recoveryCodes: number;
}

/**
 * Removes every second factor of `player` through `trx` (the caller's transaction), writes the player's
 * `second_factor.removed` event (kind `all`, no address: staff made the request) and queues the
 * security alert (nothing with the `securityAlerts` flag off; the caller wakes the outbox after the
 * commit). The alert names no device nor address: the player did not make the request.
 * @returns what the player had, or null when they had no factor (a confirmed app or a passkey): then
 *   nothing is written
 */
export async function resetSecondFactors(
  ctx: Pick<AppContext, 'config' | 'outbox'>,
  trx: Kysely<Database>,
  player: Pick<UserRow, 'id' | 'email' | 'username' | 'locale'>,
): Promise<ResetFactors | null> {
  const had: ResetFactors = {
    authenticatorApp: Boolean((await findTotp(trx, player.id))?.confirmed_at),
    passkeys: await countPasskeys(trx, player.id),
    recoveryCodes: await countRecoveryCodesLeft(trx, player.id),
  };
  if (!had.authenticatorApp && had.passkeys === 0) return null;
  await deleteTicketsOf(trx, player.id);
  await deletePasskeysOf(trx, player.id);
  await deleteSecondFactorsOf(trx, player.id);
  await audit({ db: trx }, player.id, 'second_factor.removed', null, { kind: 'all', byStaff: true });
  await queueSecurityAlert(ctx, trx, player, 'second-factor-removed', {
    ip: null,
    userAgent: null,
    locale: null,
  });
  return had;
}
