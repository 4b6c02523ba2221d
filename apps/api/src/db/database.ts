/**
 * The SQL store: a Kysely instance on SQLite (default, a file) or PostgreSQL (`postgres://…`), with
 * the migrations applied (DESIGN.md §3 SQL). One query code for both dialects.
 */
import fs from 'node:fs';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { Database } from './schema.ts';
import * as m0001 from './migrations/0001-initial.ts';
import * as m0002 from './migrations/0002-client-secrets-blocks.ts';
import * as m0003 from './migrations/0003-newsletter-deletion.ts';
import * as m0004 from './migrations/0004-cookie-consents.ts';
import * as m0005 from './migrations/0005-access-keys.ts';
import * as m0006 from './migrations/0006-banned-ips.ts';
import * as m0007 from './migrations/0007-link-states.ts';
import * as m0008 from './migrations/0008-partner-sign-ons.ts';
import * as m0009 from './migrations/0009-oauth-codes.ts';
import * as m0010 from './migrations/0010-survey.ts';
import * as m0011 from './migrations/0011-refresh-successors.ts';
import * as m0012 from './migrations/0012-rate-limits.ts';
import * as m0013 from './migrations/0013-session-auth-time.ts';
import * as m0014 from './migrations/0014-outbox.ts';

export type StoreDialect = 'sqlite' | 'postgres';

/** An open store: the Kysely handle and which dialect it speaks. */
export interface Store {
  db: Kysely<Database>;
  dialect: StoreDialect;
  /** The connection pool, on PostgreSQL (the rate limits' store when there is no Redis). */
  pool?: pg.Pool;
  /** Closes the connections. */
  close(): Promise<void>;
}

/** Options for {@link openStore}. */
export interface OpenStoreOptions {
  /** PostgreSQL only: the schema to use (created if missing); tests isolate themselves with it. */
  schema?: string;
}

/**
 * Opens the store named by `url`: `postgres://…`/`postgresql://…` → PostgreSQL; `sqlite:PATH`, a plain
 * path, or `:memory:` → SQLite (the file's folder is created). SQLite runs in WAL mode with foreign keys.
 */
export function openStore(url: string, options: OpenStoreOptions = {}): Store {
  if (/^postgres(ql)?:\/\//i.test(url)) {
    const schema = options.schema;
    if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', pool, close: () => db.destroy() };
  }
  const file = url.replace(/^sqlite:(\/\/)?/i, '');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const database = new Sqlite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/** The migrations in order; each receives the dialect for its few dialect-specific column types. */
function migrations(dialect: StoreDialect): Record<string, Migration> {
  return {
    '0001-initial': { up: (db) => m0001.up(db, dialect) },
    '0002-client-secrets-blocks': { up: (db) => m0002.up(db) },
    '0003-newsletter-deletion': { up: (db) => m0003.up(db, dialect) },
    '0004-cookie-consents': { up: (db) => m0004.up(db) },
    '0005-access-keys': { up: (db) => m0005.up(db, dialect) },
    '0006-banned-ips': { up: (db) => m0006.up(db, dialect) },
    '0007-link-states': { up: (db) => m0007.up(db) },
    '0008-partner-sign-ons': { up: (db) => m0008.up(db) },
    '0009-oauth-codes': { up: (db) => m0009.up(db) },
    '0010-survey': { up: (db) => m0010.up(db) },
    '0011-refresh-successors': { up: (db) => m0011.up(db) },
    '0012-rate-limits': { up: (db) => m0012.up(db) },
    '0013-session-auth-time': { up: (db) => m0013.up(db) },
    '0014-outbox': { up: (db) => m0014.up(db, dialect) },
  };
}

/**
 * Applies every pending migration (at start, DESIGN.md §3).
 * @throws Error with the failing migration's name when one fails (nothing of it is kept on PostgreSQL)
 */
export async function migrateToLatest(store: Store, schema?: string): Promise<void> {
  if (schema && store.dialect === 'postgres') {
    await store.db.schema.createSchema(schema).ifNotExists().execute();
  }
  const provider: MigrationProvider = { getMigrations: async () => migrations(store.dialect) };
  const migrator = new Migrator({
    db: store.db,
    provider,
    ...(schema && store.dialect === 'postgres' ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Is `error` a unique-constraint violation (SQLite or PostgreSQL)? */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: string; message?: string };
  return (
    e.code === '23505' ||
    e.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    /UNIQUE constraint failed/.test(e.message ?? '')
  );
}
