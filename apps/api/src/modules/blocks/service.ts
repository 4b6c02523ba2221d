/**
 * Blocked users (spec §2 Blocked users, §3 User.Blocks, §6 "manage blocked users", §7 POST unblock)
 * and the partner sites' server-to-server block calls (docs/partner-api.md). A block is one row of
 * `blocks` (blocker `user_id`, blocked `blocked_user_id`, unique per pair); players are named by their
 * public `Id_User` everywhere outside the store. Every change is written together with its audit
 * event in one transaction; a call that changes nothing writes nothing.
 */
import type { ErrorItem, PartnerBlockRequest, PartnerBlockResponse } from '@guildgate/contracts';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { findUserByIdUser, findUsersByIdUser } from '../accounts/index.ts';
import { audit } from '../audit/index.ts';
import { badRequest, validationFailed } from '../../lib/errors.ts';
import { isoNow } from '../../lib/time.ts';
import { deleteBlock, deleteBlocksOfPlayer, insertBlockIfAbsent } from './store.ts';
import type { PlayerDataEraser } from '../../db/player-data.ts';

/**
 * POST unblock (spec §7): the calling player stops blocking the player `userBlockedId` (their
 * `Id_User`, the `Id` of a spec §3 User.Blocks item). Only the caller's own block is touched.
 * @param userId the caller's internal users.id (from the bearer)
 * @throws 400 ERROR_USER_NOT_BLOCKED on `userBlockedId` when that id is unknown or not blocked by
 *   the caller (one answer for both: the call does not reveal which ids exist)
 */
export async function unblockForPlayer(
  ctx: AppContext,
  userId: number,
  userBlockedId: string,
  ip: string | null,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const blocked = await findUserByIdUser(trx, userBlockedId);
    if (!blocked || !(await deleteBlock(trx, userId, blocked.id))) {
      throw badRequest('ERROR_USER_NOT_BLOCKED', 'userBlockedId');
    }
    await audit({ db: trx }, userId, 'block.removed', ip, { blockedIdUser: userBlockedId, via: 'portal' });
  });
}

/**
 * The internal ids of both players of a partner call.
 * @throws 400 ERROR_BLOCK_SELF on `userBlockedId` when both ids are the same player;
 *   400 ERROR_USER_UNKNOWN on `userId` and/or `userBlockedId` for each id no player has
 */
async function playersOf(
  trx: Transaction<Database>,
  { userId, userBlockedId }: PartnerBlockRequest,
): Promise<{ blockerId: number; blockedId: number }> {
  if (userId === userBlockedId) throw badRequest('ERROR_BLOCK_SELF', 'userBlockedId');
  const rows = await findUsersByIdUser(trx, [userId, userBlockedId]);
  const blocker = rows.find((r) => r.id_user === userId);
  const blocked = rows.find((r) => r.id_user === userBlockedId);
  const items: ErrorItem[] = [];
  if (!blocker) items.push({ Property: 'userId', ErrorMessage: 'ERROR_USER_UNKNOWN' });
  if (!blocked) items.push({ Property: 'userBlockedId', ErrorMessage: 'ERROR_USER_UNKNOWN' });
  if (!blocker || !blocked) throw validationFailed(items);
  return { blockerId: blocker.id, blockedId: blocked.id };
}

/**
 * Partner call POST blocks (docs/partner-api.md): records that player `userId` blocked player
 * `userBlockedId` (both `Id_User`) on the community site of client `clientId`. Idempotent: an
 * existing block is left as it is (`Changed: false`); concurrent identical calls make one row.
 * @returns `{ Success: true, Blocked: true, Changed }` — Changed is true when this call created it
 * @throws 400 ERROR_BLOCK_SELF (`userBlockedId`), 400 ERROR_USER_UNKNOWN (`userId`, `userBlockedId`)
 */
export async function blockForPartner(
  ctx: AppContext,
  clientId: string,
  request: PartnerBlockRequest,
  ip: string | null,
): Promise<PartnerBlockResponse> {
  return ctx.db.transaction().execute(async (trx) => {
    const { blockerId, blockedId } = await playersOf(trx, request);
    const inserted = await insertBlockIfAbsent(trx, blockerId, blockedId, isoNow());
    if (inserted) {
      await audit({ db: trx }, blockerId, 'block.created', ip, {
        blockedIdUser: request.userBlockedId,
        via: 'partner',
        clientId,
      });
    }
    return { Success: true, Blocked: true, Changed: inserted };
  });
}

/**
 * Partner call DELETE blocks/{userId}/{userBlockedId} (docs/partner-api.md): player `userId` no
 * longer blocks player `userBlockedId`. Idempotent: no block to remove answers `Changed: false`.
 * @returns `{ Success: true, Blocked: false, Changed }` — Changed is true when this call removed it
 * @throws 400 ERROR_BLOCK_SELF (`userBlockedId`), 400 ERROR_USER_UNKNOWN (`userId`, `userBlockedId`)
 */
export async function unblockForPartner(
  ctx: AppContext,
  clientId: string,
  request: PartnerBlockRequest,
  ip: string | null,
): Promise<PartnerBlockResponse> {
  return ctx.db.transaction().execute(async (trx) => {
    const { blockerId, blockedId } = await playersOf(trx, request);
    const removed = await deleteBlock(trx, blockerId, blockedId);
    if (removed) {
      await audit({ db: trx }, blockerId, 'block.removed', ip, {
        blockedIdUser: request.userBlockedId,
        via: 'partner',
        clientId,
      });
    }
    return { Success: true, Blocked: false, Changed: removed };
  });
}

/** The blocks part of account deletion (issue 20 §4): the player's blocks in both directions go. */
export const playerDataEraser: PlayerDataEraser = {
  module: 'blocks',
  tables: ['blocks'],
  async deletePlayerData(trx, player) {
    await deleteBlocksOfPlayer(trx, player.id);
  },
};
