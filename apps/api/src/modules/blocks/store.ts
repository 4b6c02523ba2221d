/**
 * The store of blocks (spec §2 Blocked users, §3 User.Blocks): `blocks`, one row per pair (blocker
 * `user_id`, blocked `blocked_user_id`, both internal users.id; unique per pair), `created_at` ISO-8601.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Deletes the block of `blockerId` on `blockedId` (both internal users.id).
 * @returns true when a block was removed
 */
export async function deleteBlock(
  db: Kysely<Database>,
  blockerId: number,
  blockedId: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom('blocks')
    .where('user_id', '=', blockerId)
    .where('blocked_user_id', '=', blockedId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Inserts the block of `blockerId` on `blockedId` at `createdAt` (ISO), unless that pair exists.
 * @returns true when this call created the row
 */
export async function insertBlockIfAbsent(
  db: Kysely<Database>,
  blockerId: number,
  blockedId: number,
  createdAt: string,
): Promise<boolean> {
  const inserted = await db
    .insertInto('blocks')
    .values({ user_id: blockerId, blocked_user_id: blockedId, created_at: createdAt })
    .onConflict((oc) => oc.columns(['user_id', 'blocked_user_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Deletes every block player `userId` made or received (account deletion, spec §4). */
export async function deleteBlocksOfPlayer(db: Kysely<Database>, userId: number): Promise<void> {
  await db
    .deleteFrom('blocks')
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('blocked_user_id', '=', userId)]))
    .execute();
}

/**
 * The players `userId` blocked (issue 22 §8 export): their public id and username and the block's time,
 * oldest first.
 */
export function blocksByPlayer(
  db: Kysely<Database>,
  userId: number,
): Promise<{ id_user: string; username: string; created_at: string }[]> {
  return db
    .selectFrom('blocks as b')
    .innerJoin('users as u', 'u.id', 'b.blocked_user_id')
    .select(['u.id_user', 'u.username', 'b.created_at'])
    .where('b.user_id', '=', userId)
    .orderBy('b.created_at')
    .orderBy('b.id')
    .execute();
}

/** How many players blocked `userId`. */
export async function countBlocksOfPlayerBy(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('blocks')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('blocked_user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
