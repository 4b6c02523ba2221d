/**
 * Migration 0005 (spec §2 /access-key, §7 POST accesskey/validate; docs/operations.md "Access keys"):
 * `access_keys`, the single-use registration keys, kept as SHA-256 only, with the player who used one
 * (set to null when that player is deleted). Portable DDL only (runs on SQLite and PostgreSQL).
 */
import type { Kysely } from 'kysely';
import { withId, type Dialect } from './columns.ts';

/** Creates `access_keys`; `dialect` picks the auto-increment column type. */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('access_keys'), dialect)
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('used_at', 'text')
    .addColumn('used_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
}
