/**
 * The SQL store: a Kysely instance on SQLite (default, a file) or PostgreSQL (`postgres://…`), with
 * the migrations applied (DESIGN.md §3 SQL). One query code for both dialects.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type Sqlite from 'better-sqlite3';
import type pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, type Driver, type SqliteDatabase } from 'kysely';
import { LRUCache } from 'lru-cache';
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
import * as m0015 from './migrations/0015-session-last-used.ts';
import * as m0016 from './migrations/0016-locales.ts';
import * as m0017 from './migrations/0017-oidc.ts';
import * as m0018 from './migrations/0018-oidc-clients.ts';
import * as m0019 from './migrations/0019-oidc-payload-clients.ts';
import * as m0020 from './migrations/0020-drop-oauth-codes.ts';
import * as m0021 from './migrations/0021-audit-events-by-player-time.ts';
import * as m0022 from './migrations/0022-known-devices-forgotten.ts';
import * as m0023 from './migrations/0023-second-factors.ts';
import * as m0024 from './migrations/0024-passkeys.ts';
import * as m0025 from './migrations/0025-staff-roles.ts';
import * as m0026 from './migrations/0026-player-search.ts';
import * as m0027 from './migrations/0027-report-indexes.ts';
import * as m0028 from './migrations/0028-client-updated-at.ts';
import * as m0029 from './migrations/0029-access-keys-revoked.ts';

export type StoreDialect = 'sqlite' | 'postgres';

/**
 * The database drivers, each loaded when a store of its dialect is first opened: a node holds only the
 * one it uses (issue 23 P5). Both are CommonJS, so {@link openStore} stays synchronous.
 */
const requireDriver = createRequire(import.meta.url);
const sqliteDriver = (): typeof Sqlite => requireDriver('better-sqlite3') as typeof Sqlite;
const pgDriver = (): typeof pg => requireDriver('pg') as typeof pg;

/** An open store: the Kysely handle and which dialect it speaks. */
export interface Store {
  db: Kysely<Database>;
  dialect: StoreDialect;
  /** The connection pool, on PostgreSQL (the rate limits' store when there is no Redis). */
  pool?: pg.Pool;
  /** Closes the connections. */
  close(): Promise<void>;
}

/** The store cannot be opened at start; the message names the path and the cause. */
export class StoreOpenError extends Error {
  override name = 'StoreOpenError';
}

/** PostgreSQL's time limits, ms (AppConfig `timeouts`; docs/configuration.md "Dependencies and load"). */
export interface StoreTimeouts {
  /** A new connection (then pg-pool's "timeout exceeded when trying to connect"). */
  connectMs: number;
  /** A statement, on the server (`statement_timeout`, 57014); the client gives up a second later. */
  statementMs: number;
  /** A transaction left idle (`idle_in_transaction_session_timeout`): its locks are not held forever. */
  idleInTransactionMs: number;
}

/** The defaults of {@link StoreTimeouts} (the CLI tools use them; the API node its configuration). */
export const DEFAULT_STORE_TIMEOUTS: StoreTimeouts = {
  connectMs: 3000,
  statementMs: 15_000,
  idleInTransactionMs: 60_000,
};

/** Options for {@link openStore}. */
export interface OpenStoreOptions {
  /** PostgreSQL only: the schema to use (created if missing); tests isolate themselves with it. */
  schema?: string;
  /** PostgreSQL only: time limits (default {@link DEFAULT_STORE_TIMEOUTS}). */
  timeouts?: StoreTimeouts;
  /**
   * PostgreSQL only: told of an error of a pooled connection outside a query (the server restarted or
   * went away); the pool drops that connection and opens new ones on demand. Default: `console.warn`.
   */
  onConnectionError?: (error: Error) => void;
}

/**
 * Opens the store named by `url`: `postgres://…`/`postgresql://…` → PostgreSQL; `sqlite:PATH`, a plain
 * path, or `:memory:` → SQLite (the file's folder is created). SQLite runs in WAL mode with foreign keys.
 * @throws StoreOpenError when the SQLite data folder or file cannot be used (the message names the path
 *   and the cause)
 * On PostgreSQL, a connection that fails never stops the process: the pool reports it
 * (`onConnectionError`) and opens new connections when the server is back; connections and statements
 * are time-limited (`timeouts`), so a query fails (and the API answers 503) rather than hang.
 */
export function openStore(url: string, options: OpenStoreOptions = {}): Store {
  if (/^postgres(ql)?:\/\//i.test(url)) {
    const schema = options.schema;
    if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
    const timeouts = options.timeouts ?? DEFAULT_STORE_TIMEOUTS;
    const pool = new (pgDriver().Pool)({
      connectionString: url,
      max: 10,
      connectionTimeoutMillis: timeouts.connectMs,
      statement_timeout: timeouts.statementMs,
      query_timeout: timeouts.statementMs + 1000,
      idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
      keepAlive: true,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    const report =
      options.onConnectionError ??
      ((error: Error) => console.warn(`PostgreSQL connection error: ${error.message}`));
    // Without a listener, an 'error' event (an idle connection ended by a server restart: 57P01) is
    // fatal to the process. The pool drops the idle connection itself.
    pool.on('error', report);
    // A connection in use (checked out by Kysely) that breaks emits 'error' too: its query fails with
    // the error already, and the pool drops the connection when it is given back.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', pool, close: () => db.destroy() };
  }
  const file = url.replace(/^sqlite:(\/\/)?/i, '');
  const database = file === ':memory:' ? new (sqliteDriver())(file) : openSqliteFile(file);
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteStoreDialect(database) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/** How many prepared statements a SQLite store keeps (its queries are a few hundred distinct texts). */
const SQLITE_STATEMENT_CACHE_SIZE = 1000;

/**
 * `database` as Kysely's SQLite driver sees it, with its prepared statements kept by SQL text (least
 * recently used dropped past {@link SQLITE_STATEMENT_CACHE_SIZE}): the driver prepares every query
 * anew, and preparing was an eighth of a token/verify's time in the profile of issue 23 (bench/).
 * A statement stays valid across schema changes (SQLite recompiles it) and runs one query at a time,
 * as the driver uses it (`all` or `run`, never a pending iterator).
 */
function withStatementCache(database: Sqlite.Database): SqliteDatabase {
  const statements = new LRUCache<string, Sqlite.Statement>({ max: SQLITE_STATEMENT_CACHE_SIZE });
  return {
    close: () => database.close(),
    prepare: (sql) => {
      let statement = statements.get(sql);
      if (!statement) {
        statement = database.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

/**
 * Kysely's SQLite dialect on `database`, with one change: a transaction that SQLite already rolled back
 * by itself is not rolled back again. SQLite ends the transaction on some errors (SQLITE_FULL,
 * SQLITE_IOERR, SQLITE_NOMEM, SQLITE_BUSY in some cases; sqlite.org/lang_transaction.html "Response To
 * Errors Within A Transaction"); Kysely's `rollback` would then fail with "cannot rollback - no
 * transaction is active" and hide the error that ended it, so a full disk answered 500 instead of 503
 * (plugins/error-handler.ts, lib/dependency-errors.ts).
 */
class SqliteStoreDialect extends SqliteDialect {
  readonly #database: Sqlite.Database;

  constructor(database: Sqlite.Database) {
    super({ database: withStatementCache(database) });
    this.#database = database;
  }

  override createDriver(): Driver {
    const driver = super.createDriver();
    const rollback = driver.rollbackTransaction.bind(driver);
    driver.rollbackTransaction = async (connection) => {
      if (this.#database.inTransaction) await rollback(connection);
    };
    return driver;
  }
}

/** What an operating-system or SQLite error code means for a data folder or store file. */
const CAUSES: Record<string, string> = {
  ENOTDIR: 'a part of the path is a file, not a folder',
  EACCES: 'permission denied for the user running the node',
  EPERM: 'operation not permitted',
  EROFS: 'the file system is read-only',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is exhausted',
  ENOENT: 'a part of the path does not exist',
  ELOOP: 'too many symbolic links',
  SQLITE_CANTOPEN: 'the file cannot be opened or created',
  SQLITE_NOTADB: 'the file is not a SQLite database',
  SQLITE_CORRUPT: 'the database file is damaged',
  SQLITE_FULL: 'the disk is full',
};

/** `CODE: meaning (message)` for `error` (a Node system error or a better-sqlite3 SqliteError). */
function causeOf(error: unknown): string {
  const { code, message } = error as { code?: string; message?: string };
  const meaning =
    (code && CAUSES[code]) ??
    (code?.startsWith('SQLITE_READONLY')
      ? 'the file or its folder is read-only for the user running the node'
      : code?.startsWith('SQLITE_IOERR')
        ? 'the disk failed to read or write'
        : undefined);
  return [code, meaning].filter(Boolean).join(': ') + (message ? ` (${message})` : '');
}

/**
 * Opens the SQLite file `file` for reading and writing (WAL mode), creating its folder: checks first
 * that the folder exists or can be created and is writable, then that the file takes a write lock.
 * @throws StoreOpenError naming the folder or the file and the cause (ENOTDIR, EACCES, EROFS,
 *   SQLITE_READONLY…), so that a node with an unusable data folder stops with a clear message
 */
function openSqliteFile(file: string): Sqlite.Database {
  const resolved = path.resolve(file);
  const folder = path.dirname(resolved);
  try {
    fs.mkdirSync(folder, { recursive: true });
    fs.accessSync(folder, fs.constants.W_OK);
  } catch (error) {
    throw new StoreOpenError(
      `The data folder ${folder} of the SQLite store (DATABASE_URL) cannot be used: ${causeOf(error)}`,
      { cause: error },
    );
  }
  let database: Sqlite.Database | undefined;
  try {
    database = new (sqliteDriver())(resolved);
    // Another node's write in progress is waited for (as every later write is), not taken for a failure.
    database.pragma('busy_timeout = 5000');
    database.pragma('journal_mode = WAL');
    // A write lock taken and given back: a file this user can only read fails here, not at a request.
    database.exec('begin immediate; rollback');
    return database;
  } catch (error) {
    database?.close();
    throw new StoreOpenError(
      `The SQLite store ${resolved} (DATABASE_URL) cannot be opened for writing: ${causeOf(error)}`,
      { cause: error },
    );
  }
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
    '0015-session-last-used': { up: (db) => m0015.up(db) },
    '0016-locales': { up: (db) => m0016.up(db) },
    '0017-oidc': { up: (db) => m0017.up(db) },
    '0018-oidc-clients': { up: (db) => m0018.up(db) },
    '0019-oidc-payload-clients': { up: (db) => m0019.up(db) },
    '0020-drop-oauth-codes': { up: (db) => m0020.up(db) },
    '0021-audit-events-by-player-time': { up: (db) => m0021.up(db) },
    '0022-known-devices-forgotten': { up: (db) => m0022.up(db) },
    '0023-second-factors': { up: (db) => m0023.up(db, dialect) },
    '0024-passkeys': { up: (db) => m0024.up(db) },
    '0025-staff-roles': { up: (db) => m0025.up(db, dialect) },
    '0026-player-search': { up: (db) => m0026.up(db, dialect) },
    '0027-report-indexes': { up: (db) => m0027.up(db) },
    '0028-client-updated-at': { up: (db) => m0028.up(db) },
    '0029-access-keys-revoked': { up: (db) => m0029.up(db) },
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
    throw new Error(`Migration ${failed} failed: ${messageOf(error)}`);
  }
}

/** The message of a thrown value: an Error's `message`, anything else as `String()` renders it. */
function messageOf(thrown: unknown): string {
  return thrown instanceof Error ? thrown.message : String(thrown);
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
