/**
 * Migration 0012 (DESIGN.md §1 scale-out, §5 rate limits; lib/rate-limits.ts): `rate_limits`, the
 * counters of `rate-limiter-flexible`'s PostgreSQL store — used when the store is PostgreSQL and no
 * `REDIS_URL` is set, so that API nodes sharing a database count log-in failures and quotas together.
 * The columns are the library's own (key with its limiter's prefix, points consumed, expiry in ms since
 * the epoch). Created on SQLite too (portable DDL), where it stays empty.
 */
import type { Kysely } from 'kysely';

/** Creates `rate_limits`. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expire', 'bigint')
    .execute();
}
