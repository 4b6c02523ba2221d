/**
 * The store of access keys (`access_keys`, migration 0005; spec §2 /access-key). Keys are single-use
 * tokens (single-use-tokens) that may have no expiry; this store adds what is particular to them: the
 * bulk insert of an operator's batch, the scrub of the player who used one, and the console's list and
 * revocation (issue 24 §3; `revoked_at`, migration 0029).
 */
import type { Insertable, Kysely, Selectable } from 'kysely';
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

/**
 * Rows per INSERT statement: 6 values a row stays well under SQLite's 32,766 and PostgreSQL's 65,535
 * bound parameters per statement (the console generates up to 10,000 keys at once).
 */
const INSERT_CHUNK = 1000;

/** Inserts a batch of new keys (their hashes), by statements of {@link INSERT_CHUNK} rows (pass a transaction to make it one). */
export async function insertAccessKeys(
  db: Kysely<Database>,
  rows: readonly Insertable<AccessKeysTable>[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await db
      .insertInto('access_keys')
      .values(rows.slice(start, start + INSERT_CHUNK))
      .execute();
  }
}

/** An access key as the console lists it (no hash: the key is not shown again). */
export type AccessKeyListRow = Omit<Selectable<AccessKeysTable>, 'key_hash'>;

/** The states of a key (contracts ACCESS_KEY_STATES). */
export type AccessKeyState = 'unused' | 'used' | 'revoked' | 'expired';

/**
 * A page of keys, newest first (`created_at`, then `id`, descending; index `access_keys_created` of
 * migration 0029), strictly after `after` when given, only those in `state` at `now` (ISO 8601) when
 * given; at most `limit`.
 */
export function listAccessKeys(
  db: Kysely<Database>,
  query: {
    state?: AccessKeyState | undefined;
    now: string;
    after?: { createdAt: string; id: number } | undefined;
    limit: number;
  },
): Promise<AccessKeyListRow[]> {
  let keys = db
    .selectFrom('access_keys')
    .select(['id', 'note', 'created_at', 'expires_at', 'used_at', 'used_by_user_id', 'revoked_at']);
  const { state, now, after } = query;
  if (state === 'used') keys = keys.where('used_at', 'is not', null);
  else if (state !== undefined) {
    keys = keys.where('used_at', 'is', null);
    if (state === 'revoked') keys = keys.where('revoked_at', 'is not', null);
    else {
      keys = keys.where('revoked_at', 'is', null);
      keys =
        state === 'expired'
          ? keys.where('expires_at', 'is not', null).where('expires_at', '<=', now)
          : keys.where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]));
    }
  }
  if (after) {
    keys = keys.where((eb) =>
      eb.or([
        eb('created_at', '<', after.createdAt),
        eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)]),
      ]),
    );
  }
  return keys.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(query.limit).execute();
}

/** Which keys to revoke: by their hashes, their ids, or their batch label (`note`). */
export type AccessKeySelection =
  { hashes: readonly string[] } | { ids: readonly number[] } | { note: string };

/**
 * Marks the unused, unrevoked keys of `selection` revoked at `now` (ISO 8601), in one statement (a
 * concurrent registration's claim either wins first, and the key is not revoked, or finds it revoked).
 * @returns how many keys were revoked
 */
export async function revokeAccessKeys(
  db: Kysely<Database>,
  selection: AccessKeySelection,
  now: string,
): Promise<number> {
  let update = db
    .updateTable('access_keys')
    .set({ revoked_at: now })
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null);
  if ('hashes' in selection) update = update.where('key_hash', 'in', [...selection.hashes]);
  else if ('ids' in selection) update = update.where('id', 'in', [...selection.ids]);
  else update = update.where('note', '=', selection.note);
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows);
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
