/**
 * The store of the oidc module: `oidc_payloads` (migration 0017), the objects `oidc-provider` persists
 * through its Adapter interface (adapter.ts). Rows are keyed by (`model`, `id_hash`), the SHA-256 of the
 * provider's id; an expired row (`expires_at` passed) is never returned. Every function takes `db`,
 * which may be the caller's transaction. Times are ISO 8601 UTC text.
 */
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, OidcPayloadsTable } from '../../db/schema.ts';

/** A stored object. */
export type OidcPayloadRow = Selectable<OidcPayloadsTable>;

/** oidc-provider's model name of grants (its `Grant` model). */
export const GRANT_MODEL = 'Grant';

/** Inserts `row`, or replaces the stored object of the same (`model`, `id_hash`). */
export async function upsertPayload(db: Kysely<Database>, row: Insertable<OidcPayloadsTable>): Promise<void> {
  const { model: _model, id_hash: _idHash, ...changes } = row;
  await db
    .insertInto('oidc_payloads')
    .values(row)
    .onConflict((oc) => oc.columns(['model', 'id_hash']).doUpdateSet(changes))
    .execute();
}

/** The unexpired object `idHash` of `model` at `now`, if any. */
export async function findPayload(
  db: Kysely<Database>,
  model: string,
  idHash: string,
  now: string,
): Promise<OidcPayloadRow | undefined> {
  return db
    .selectFrom('oidc_payloads')
    .selectAll()
    .where('model', '=', model)
    .where('id_hash', '=', idHash)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirst();
}

/** The unexpired object of `model` whose `column` (`uid` or `user_code`) is `value`, if any. */
export async function findPayloadBy(
  db: Kysely<Database>,
  model: string,
  column: 'uid' | 'user_code',
  value: string,
  now: string,
): Promise<OidcPayloadRow | undefined> {
  return db
    .selectFrom('oidc_payloads')
    .selectAll()
    .where('model', '=', model)
    .where(column, '=', value)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirst();
}

/**
 * Marks object `idHash` of `model` used at `now`, unless it already was: of concurrent uses, exactly one
 * updates the row (the condition is part of the update).
 * @returns whether this call used it, and the object's grant id (null when it has none or is gone)
 */
export async function consumePayload(
  db: Kysely<Database>,
  model: string,
  idHash: string,
  now: string,
): Promise<{ consumed: boolean; grantId: string | null }> {
  const result = await db
    .updateTable('oidc_payloads')
    .set({ consumed_at: now })
    .where('model', '=', model)
    .where('id_hash', '=', idHash)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  const row = await db
    .selectFrom('oidc_payloads')
    .select('grant_id')
    .where('model', '=', model)
    .where('id_hash', '=', idHash)
    .executeTakeFirst();
  return { consumed: result.numUpdatedRows > 0n, grantId: row?.grant_id ?? null };
}

/** Deletes object `idHash` of `model`. */
export async function deletePayload(db: Kysely<Database>, model: string, idHash: string): Promise<void> {
  await db.deleteFrom('oidc_payloads').where('model', '=', model).where('id_hash', '=', idHash).execute();
}

/**
 * Deletes every object of grant `grantId` but the grant itself, whatever its model (RFC 7009 §2.1: the
 * grant's codes and tokens; the Grant row, which carries its own id as `grant_id`, goes by its id) — or
 * the grant too with `withGrant` (a replayed code or refresh token, adapter.ts).
 */
export async function deletePayloadsOfGrant(
  db: Kysely<Database>,
  grantId: string,
  { withGrant = false }: { withGrant?: boolean } = {},
): Promise<void> {
  let query = db.deleteFrom('oidc_payloads').where('grant_id', '=', grantId);
  if (!withGrant) query = query.where('model', '!=', GRANT_MODEL);
  await query.execute();
}

/** A stored object of a player as the connected-sites list reads it. */
export type AccountPayloadRow = Pick<
  OidcPayloadRow,
  'model' | 'id_hash' | 'payload' | 'grant_id' | 'consumed_at'
>;

/**
 * The unexpired grants, codes and tokens of the player whose public id is `accountId` at `now` (the
 * objects that belong to a grant: sessions and interactions are left out).
 */
export async function findGrantPayloadsOfAccount(
  db: Kysely<Database>,
  accountId: string,
  now: string,
): Promise<AccountPayloadRow[]> {
  return db
    .selectFrom('oidc_payloads')
    .select(['model', 'id_hash', 'payload', 'grant_id', 'consumed_at'])
    .where('account_id', '=', accountId)
    .where((eb) => eb.or([eb('model', '=', GRANT_MODEL), eb('grant_id', 'is not', null)]))
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .execute();
}

/** Deletes every object of the player whose public id is `accountId` (account deletion). */
export async function deletePayloadsOfAccount(db: Kysely<Database>, accountId: string): Promise<void> {
  await db.deleteFrom('oidc_payloads').where('account_id', '=', accountId).execute();
}

/**
 * Deletes every object of client `clientId`: its grants and every code and token of them (by
 * `client_id`, migration 0019, and by `grant_id`, whatever the model), in `db` — the removal's
 * transaction (`npm run clients -- remove`, sso/client-registry.ts). Sessions are the player's and stay;
 * their entry for the client names a client the provider no longer finds.
 * @returns the number of objects deleted
 */
export async function deletePayloadsOfClient(db: Kysely<Database>, clientId: string): Promise<number> {
  const grants = db
    .selectFrom('oidc_payloads')
    .select('grant_id')
    .where('model', '=', GRANT_MODEL)
    .where('client_id', '=', clientId);
  const result = await db
    .deleteFrom('oidc_payloads')
    .where((eb) => eb.or([eb('client_id', '=', clientId), eb('grant_id', 'in', grants)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes the objects that expired before `before` (housekeeping). */
export async function deletePayloadsExpiredBefore(db: Kysely<Database>, before: string): Promise<void> {
  await db.deleteFrom('oidc_payloads').where('expires_at', '<', before).execute();
}

/** The `uid`s of the unexpired objects of `model` (e.g. `Session`) of player `accountId` at `now`. */
export async function findUidsOfAccount(
  db: Kysely<Database>,
  model: string,
  accountId: string,
  now: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('oidc_payloads')
    .select('uid')
    .where('model', '=', model)
    .where('account_id', '=', accountId)
    .where('uid', 'is not', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .execute();
  return rows.flatMap((row) => (row.uid === null ? [] : [row.uid]));
}
