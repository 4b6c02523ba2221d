/**
 * Writes a player's provider connections (spec §3 Connection; §4 Linking a provider): completing a link
 * consumes its pending state and stores the account in one transaction; a provider account links to
 * one player only (spec §8 USER_STEAM_EXIST and its kin), enforced by the store's unique
 * (provider, account) key too. Linking Steam sets the player's SteamCheck.
 */
import type { LinkProvider } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { setSteamCheck } from '../accounts/index.ts';
import { audit } from '../audit/index.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { isoNow } from '../../lib/time.ts';
import { claimLink, type PendingLink, type ProviderAccount } from './link-states.ts';
import { PROVIDER_CODES } from './provider-codes.ts';
import {
  deleteConnection,
  findConnectedAccount,
  findConnectionHolder,
  findProviderId,
  insertConnection,
} from './store.ts';

/** A unique-key violation of SQLite or PostgreSQL (a concurrent link of the same account). */
function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown } | null;
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * Completes `link` with `account` for its player: consumes the state, replaces the player's connection
 * of that provider (a refresh of the same account updates Name, Avatar and LastCheck), and writes an
 * audit event. One transaction.
 * @throws 400 ERROR_LINK_STATE_INVALID when the state was used meanwhile; 400 the provider's "exists"
 *   code (ERROR_USER_STEAM_EXIST, …) when another player holds the account
 */
export async function completeLink(
  ctx: AppContext,
  link: PendingLink,
  account: ProviderAccount,
  ip: string,
): Promise<void> {
  const codes = PROVIDER_CODES[link.provider];
  try {
    await ctx.db.transaction().execute(async (trx) => {
      if (!(await claimLink(trx, link))) throw badRequest('ERROR_LINK_STATE_INVALID');
      const pid = await findProviderId(trx, link.provider);
      const holder = await findConnectionHolder(trx, pid, account.accountId);
      if (holder && holder.user_id !== link.userId) throw badRequest(codes.exists);
      const now = isoNow();
      await deleteConnection(trx, link.userId, pid);
      await insertConnection(trx, {
        user_id: link.userId,
        provider_id: pid,
        account_id: account.accountId,
        connect_name: account.connectName,
        avatar: account.avatar,
        last_check: now,
        created_at: now,
      });
      if (link.provider === 'steam') await setSteamCheck(trx, link.userId, true);
      await audit({ db: trx }, link.userId, 'connection.linked', ip, {
        provider: link.provider,
        accountId: account.accountId,
      });
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (isUniqueViolation(error)) throw badRequest(codes.exists);
    throw error;
  }
}

/**
 * Removes the player's connection of `provider` (idempotent: the SPA's unlink page may call again when
 * the token changes, spec §2 Linking routes). Unlinking Steam clears SteamCheck.
 * @param expectedAccountId when given (POST steam/unlink SteamId), the linked account must be this one
 * @throws 400 ERROR_CONNECTION_MISMATCH (Property SteamId) when another account is linked
 */
export async function unlinkProvider(
  ctx: AppContext,
  userId: number,
  provider: LinkProvider,
  ip: string,
  expectedAccountId?: string | null,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const pid = await findProviderId(trx, provider);
    const current = await findConnectedAccount(trx, userId, pid);
    if (!current) return;
    if (expectedAccountId && expectedAccountId !== current.account_id) {
      throw badRequest('ERROR_CONNECTION_MISMATCH', 'SteamId');
    }
    await deleteConnection(trx, userId, pid);
    if (provider === 'steam') await setSteamCheck(trx, userId, false);
    await audit({ db: trx }, userId, 'connection.unlinked', ip, {
      provider,
      accountId: current.account_id,
    });
  });
}
