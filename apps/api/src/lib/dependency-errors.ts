/**
 * Which thrown errors mean "a dependency is down" (DESIGN.md §4: 503 a dependency is down; issue 18),
 * so that the error handler answers 503 ERROR_SERVICE_UNAVAILABLE with Retry-After instead of a 500,
 * and /api/ready can tell a store that refuses writes. Recognised, on the error, its `cause` chain and
 * the errors of an AggregateError:
 * - SQLite (better-sqlite3's `code`): SQLITE_FULL (disk or `max_page_count` full), SQLITE_READONLY*
 *   (read-only file or folder), SQLITE_BUSY* / SQLITE_LOCKED* (another writer past busy_timeout),
 *   SQLITE_IOERR*, SQLITE_CANTOPEN*, SQLITE_NOMEM, SQLITE_PROTOCOL;
 * - PostgreSQL (SQLSTATE in `code`): class 08 (connection exception), class 53 (insufficient resources:
 *   53100 disk full, 53200 out of memory, 53300 too many connections), class 58 (system error: I/O),
 *   57P01–57P05 (administrator shutdown, crash shutdown, cannot connect now…), 57014 (statement timeout
 *   or cancel), 25006 (a read-only server: a standby after a fail-over);
 * - the drivers' own messages, which carry no code: pg's "Connection terminated unexpectedly", "Query
 *   read timeout"…, pg-pool's "timeout exceeded when trying to connect"…, ioredis' "Connection is
 *   closed.", "Command timed out"…, rate-limiter-flexible's "Redis connection is not ready";
 * - the operating system's network and file-system codes (ECONNREFUSED, ECONNRESET, ETIMEDOUT, ENOSPC,
 *   EROFS, EIO…), whoever met them (store, Redis or another service).
 * Anything else is not a dependency failure (a bug, bad input: the caller keeps its 500 or 4xx).
 */

/** The part of the system that failed, as far as the error tells. */
export type Dependency = 'store' | 'redis' | 'network' | 'disk';

/** A recognised dependency failure: which dependency, and the code or message that told it. */
export interface DependencyFailure {
  dependency: Dependency;
  /** The driver's or system's code (`SQLITE_FULL`, `57P01`, `ECONNREFUSED`) or its message. */
  code: string;
}

/** Seconds announced in Retry-After with a 503 for a dependency failure (the node recovers within 5 s). */
export const DEPENDENCY_RETRY_AFTER_SECONDS = 5;

const SQLITE_CODE = /^SQLITE_(FULL|READONLY|BUSY|LOCKED|IOERR|CANTOPEN|NOMEM|PROTOCOL)(_|$)/;
/** SQLSTATEs of PostgreSQL that mean the server, not the query, is the problem. */
const POSTGRES_CODE = /^(08[0-9A-Z]{3}|53[0-9A-Z]{3}|58[0-9A-Z]{3}|57P0[1-5]|57014|25006)$/;
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const DISK_CODES = new Set(['ENOSPC', 'EROFS', 'EIO', 'EDQUOT']);

/** Messages of pg and pg-pool (no code) that mean the connection or the server is gone. */
const POSTGRES_MESSAGES = [
  'Connection terminated unexpectedly',
  'Connection terminated',
  'Connection terminated due to connection timeout',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Query read timeout',
  'timeout expired',
  'timeout exceeded when trying to connect',
  'Cannot use a pool after calling end on the pool',
];
/** Messages of ioredis and rate-limiter-flexible (no code) that mean Redis is unreachable or slow. */
const REDIS_MESSAGES = [
  'Connection is closed.',
  "Stream isn't writeable and enableOfflineQueue options is false",
  'Command timed out',
  'Redis connection is not ready',
];

/** Classifies one error object, without looking at its causes. */
function classifyOne(error: object): DependencyFailure | undefined {
  const { code, message, name } = error as { code?: unknown; message?: unknown; name?: unknown };
  if (typeof code === 'string') {
    if (SQLITE_CODE.test(code)) return { dependency: 'store', code };
    if (POSTGRES_CODE.test(code)) return { dependency: 'store', code };
    if (NETWORK_CODES.has(code)) return { dependency: 'network', code };
    if (DISK_CODES.has(code)) return { dependency: 'disk', code };
  }
  if (name === 'MaxRetriesPerRequestError') return { dependency: 'redis', code: name };
  if (typeof message === 'string') {
    if (POSTGRES_MESSAGES.includes(message)) return { dependency: 'store', code: message };
    if (REDIS_MESSAGES.includes(message) || message.startsWith('Socket timeout. Expecting data'))
      return { dependency: 'redis', code: message };
  }
  return undefined;
}

/**
 * The dependency failure that `error` stands for, or undefined when it is none (see the module note).
 * Looks at the error, its `cause` chain and an AggregateError's `errors` (5 levels at most).
 */
export function classifyDependencyError(error: unknown, depth = 0): DependencyFailure | undefined {
  if (typeof error !== 'object' || error === null || depth > 5) return undefined;
  const found = classifyOne(error);
  if (found) return found;
  const { cause, errors } = error as { cause?: unknown; errors?: unknown };
  if (Array.isArray(errors)) {
    for (const inner of errors) {
      const innerFound = classifyDependencyError(inner, depth + 1);
      if (innerFound) return innerFound;
    }
  }
  return classifyDependencyError(cause, depth + 1);
}

/** Codes of a store that answers reads but refuses writes (full, read-only, failing disk). */
const WRITE_REFUSAL = /^(SQLITE_(FULL|READONLY|IOERR)(_.*)?|53100|25006|58030|ENOSPC|EROFS|EIO|EDQUOT)$/;

/** Is `failure` a store (or its disk) refusing writes, which a `select 1` does not show? */
export function isWriteRefusal(failure: DependencyFailure): boolean {
  return (
    (failure.dependency === 'store' || failure.dependency === 'disk') && WRITE_REFUSAL.test(failure.code)
  );
}

/**
 * The latest write refusal the API answered 503 for (disk full, read-only store), kept for the
 * readiness probe (modules/health/routes.ts), which reports the store down while writes keep failing.
 */
export class RecentWriteRefusals {
  #latest: { failure: DependencyFailure; at: number } | undefined;

  /** Notes `failure` (at `now`, ms) when it is a write refusal; other failures are ignored. */
  record(failure: DependencyFailure, now = Date.now()): void {
    if (isWriteRefusal(failure)) this.#latest = { failure, at: now };
  }

  /** The latest write refusal within the last `withinMs` milliseconds, if any. */
  latest(withinMs: number, now = Date.now()): DependencyFailure | undefined {
    return this.#latest && now - this.#latest.at <= withinMs ? this.#latest.failure : undefined;
  }
}
