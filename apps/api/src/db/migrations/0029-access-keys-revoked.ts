/**
 * Migration 0029 (issue 24 §3, the operator console's access keys; docs/operations.md "Staff and the
 * operator console"):
 * - `access_keys.revoked_at`: when an admin revoked the key before it was used (ISO 8601 UTC; null: not
 *   revoked). A revoked key is refused at POST accesskey/validate and at registration like an unknown
 *   one (modules/access-key service.ts).
 * - `access_keys_created` on (`created_at`, `id`): the console's list, newest first, by keyset pages;
 *   `access_keys_note` on `note`: revoking a batch by its label.
 * Portable DDL only (runs on SQLite and PostgreSQL).
 */
import type { Kysely } from 'kysely';

/** Adds `access_keys.revoked_at` and the two indexes. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('access_keys').addColumn('revoked_at', 'text').execute();
  await db.schema
    .createIndex('access_keys_created')
    .on('access_keys')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema.createIndex('access_keys_note').on('access_keys').column('note').execute();
}
