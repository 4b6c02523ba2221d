/**
 * Migration 0006 (spec §6 "Banned accounts and banned IPs are refused"; docs/operations.md "Bans"):
 * `banned_ips`, addresses or CIDR ranges (IPv4 or IPv6) refused at log-in, registration and the other
 * anonymous forms, with an optional expiry. Portable DDL only (runs on SQLite and PostgreSQL).
 */
import type { Kysely } from 'kysely';
import { withId, type Dialect } from './columns.ts';

/** Creates `banned_ips`; `dialect` picks the auto-increment column type. */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('banned_ips'), dialect)
    .addColumn('cidr', 'text', (c) => c.notNull().unique())
    .addColumn('reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text')
    .execute();
}
