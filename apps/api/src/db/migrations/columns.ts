/**
 * Portable column helpers of the migrations (DESIGN.md §3: one schema for SQLite and PostgreSQL).
 */
import type { CreateTableBuilder } from 'kysely';

/** The store a migration runs on. */
export type Dialect = 'sqlite' | 'postgres';

/**
 * Adds the auto-increment primary key `id` to a new table: `serial` on PostgreSQL, `integer primary key
 * autoincrement` on SQLite.
 */
export function withId<TB extends string, C extends string>(
  table: CreateTableBuilder<TB, C>,
  dialect: Dialect,
) {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (col) => col.primaryKey())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}
