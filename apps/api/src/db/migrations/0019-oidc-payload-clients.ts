/**
 * Migration 0019 (issue 21, `npm run clients -- remove`; modules/oidc): `oidc_payloads.client_id`, the
 * client an object of the OpenID Provider belongs to (the `clientId` of its payload: grants, authorization
 * codes, access and refresh tokens; null for sessions and interactions, which are the player's), indexed,
 * so that removing a client deletes its grants, codes and tokens in the removal's transaction
 * (modules/oidc/store.ts `deletePayloadsOfClient`).
 *
 * The rows stored before it get theirs from their payload (read and written back here, so that the DDL
 * stays portable: SQLite and PostgreSQL).
 */
import type { Kysely } from 'kysely';

/** The rows as this migration reads them (the table's later shape is not this one's business). */
interface PayloadRows {
  oidc_payloads: { model: string; id_hash: string; payload: string; client_id: string | null };
}

/** Adds `oidc_payloads.client_id` with its index, and fills it in for the rows already stored. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('oidc_payloads').addColumn('client_id', 'text').execute();
  await db.schema.createIndex('oidc_payloads_client').on('oidc_payloads').column('client_id').execute();
  const rows = db as unknown as Kysely<PayloadRows>;
  for (const row of await rows
    .selectFrom('oidc_payloads')
    .select(['model', 'id_hash', 'payload'])
    .execute()) {
    const { clientId } = JSON.parse(row.payload) as { clientId?: unknown };
    if (typeof clientId !== 'string') continue;
    await rows
      .updateTable('oidc_payloads')
      .set({ client_id: clientId })
      .where('model', '=', row.model)
      .where('id_hash', '=', row.id_hash)
      .execute();
  }
}
