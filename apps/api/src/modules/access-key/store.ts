/**
 * The store of access keys (`access_keys`, migration 0005; spec §2 /access-key). Keys are single-use
 * tokens (single-use-tokens) that may have no expiry; this store adds what is particular to them: the
 * bulk insert of an operator's batch and the scrub of the player who used one.
 */
import type { Insertable, Kysely } from 'kysely';
import type { AccessKeysTable, Database } from '../../db/schema.ts';
import type { SingleUseTokenKind } from '../single-use-tokens/index.ts';

/**
 * How access keys are stored: by `key_hash` (SHA-256 of the normalized key), `expires_at` NULL for a
 * key without expiry, `used_at` set by the registration that used it.
 */
export const ACCESS_KEY_KIND: SingleUseTokenKind<'access_keys'> = {
  table: 'access_keys',
  hashColumn: 'key_hash',
  expiresColumn: 'expires_at',
  usedColumn: 'used_at',
};

/** Inserts a batch of new keys (their hashes) in one statement. */
export async function insertAccessKeys(
  db: Kysely<Database>,
  rows: readonly Insertable<AccessKeysTable>[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('access_keys')
    .values([...rows])
    .execute();
}

/**
 * Forgets that player `userId` used a key (`used_by_user_id` NULL; the key stays used), inside deletion's
 * transaction `trx`.
 */
export async function forgetKeyUser(trx: Kysely<Database>, userId: number): Promise<void> {
  await trx
    .updateTable('access_keys')
    .set({ used_by_user_id: null })
    .where('used_by_user_id', '=', userId)
    .execute();
}

/** When player `userId` used a registration key (issue 22 §8 export), or undefined; never the key. */
export function accessKeyUseOf(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('access_keys')
    .select(['used_at'])
    .where('used_by_user_id', '=', userId)
    .executeTakeFirst();
}
