/**
 * The store of the oauth-clients module (spec §1 Single sign-on; RFC 6749 §2): the registered OAuth
 * clients, `oauth_clients`, each secret kept as SHA-256. Every function takes `db`, which may be the
 * caller's transaction.
 */
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, OauthClientsTable } from '../../db/schema.ts';

/** A stored client (every column). */
export type ClientRow = Selectable<OauthClientsTable>;

/** The registered client `clientId`, if any. */
export async function findClient(db: Kysely<Database>, clientId: string): Promise<ClientRow | undefined> {
  return db.selectFrom('oauth_clients').selectAll().where('client_id', '=', clientId).executeTakeFirst();
}

/** Every registered client, by id. */
export async function listClientRows(db: Kysely<Database>): Promise<ClientRow[]> {
  return db.selectFrom('oauth_clients').selectAll().orderBy('client_id').execute();
}

/** Inserts client `client` (its id must be new). */
export async function insertClient(
  db: Kysely<Database>,
  client: Insertable<OauthClientsTable>,
): Promise<void> {
  await db.insertInto('oauth_clients').values(client).execute();
}

/** Inserts client `client` unless its id is taken. @returns whether it was inserted */
export async function insertNewClient(
  db: Kysely<Database>,
  client: Insertable<OauthClientsTable>,
): Promise<boolean> {
  const result = await db
    .insertInto('oauth_clients')
    .values(client)
    .onConflict((oc) => oc.column('client_id').doNothing())
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

/** Sets `changes` on client `clientId`. */
export async function updateClientRow(
  db: Kysely<Database>,
  clientId: string,
  changes: Updateable<OauthClientsTable>,
): Promise<void> {
  await db.updateTable('oauth_clients').set(changes).where('client_id', '=', clientId).execute();
}

/** Deletes client `clientId`. */
export async function deleteClientRow(db: Kysely<Database>, clientId: string): Promise<void> {
  await db.deleteFrom('oauth_clients').where('client_id', '=', clientId).execute();
}

/** The `client_id` of a client whose secret hash (SHA-256 hex) is `secretHash`, or undefined. */
export async function findClientIdBySecretHash(
  db: Kysely<Database>,
  secretHash: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('oauth_clients')
    .select('client_id')
    .where('client_secret_hash', '=', secretHash)
    .executeTakeFirst();
  return row?.client_id;
}
