/**
 * The dependency-failure classification (lib/dependency-errors.ts; issue 18) on error objects made by
 * real failures: a real SQLite file filled up, opened read-only and locked by another writer; a
 * throw-away PostgreSQL server whose backend is terminated, whose statements time out and whose role
 * has no connection left; servers that close or never answer (the drivers' own code-less messages);
 * Redis clients that cannot reach their server; a disk that is full (/dev/full). Errors of bad queries
 * and bad input are not dependency failures. Then the error handler's answer for each: 503
 * ERROR_SERVICE_UNAVAILABLE with Retry-After.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { Redis } from 'ioredis';
import pg from 'pg';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toErrorResponse } from '../plugins/error-handler.ts';
import {
  closeOpened,
  freePort,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '../test/throwaway-services.ts';
import {
  classifyDependencyError,
  DEPENDENCY_RETRY_AFTER_SECONDS,
  isWriteRefusal,
} from './dependency-errors.ts';

/** The error `work` throws or rejects with. */
async function failureOf(work: () => unknown): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

/** A TCP server on a free port that `onConnection` handles (closes, or never answers). */
async function tcpServer(onConnection: (socket: net.Socket) => void) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    onConnection(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('SQLite failures', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guildgate-deperr-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('a full database (max_page_count reached) is the store, SQLITE_FULL', async () => {
    const db = new Sqlite(path.join(dir, 'full.sqlite'));
    db.exec('create table filler (data blob)');
    db.pragma(`max_page_count = ${Number(db.pragma('page_count', { simple: true })) + 2}`);
    const error = await failureOf(() => db.prepare('insert into filler values (randomblob(1000000))').run());
    db.close();
    expect(classifyDependencyError(error)).toEqual({ dependency: 'store', code: 'SQLITE_FULL' });
  });

  it('a write to a read-only database is the store, SQLITE_READONLY', async () => {
    const file = path.join(dir, 'readonly.sqlite');
    new Sqlite(file).exec('create table t (x)').close();
    const db = new Sqlite(file, { readonly: true });
    const error = await failureOf(() => db.prepare('insert into t values (1)').run());
    db.close();
    expect(classifyDependencyError(error)).toEqual({ dependency: 'store', code: 'SQLITE_READONLY' });
  });

  it('a write while another connection holds the write lock is the store, SQLITE_BUSY', async () => {
    const file = path.join(dir, 'busy.sqlite');
    const holder = new Sqlite(file);
    holder.exec('create table t (x)');
    holder.exec('begin immediate');
    const other = new Sqlite(file, { timeout: 0 });
    const error = await failureOf(() => other.prepare('insert into t values (1)').run());
    holder.exec('rollback');
    holder.close();
    other.close();
    expect(classifyDependencyError(error)).toEqual({ dependency: 'store', code: 'SQLITE_BUSY' });
  });

  it('bad SQL and constraint violations are not dependency failures', async () => {
    const db = new Sqlite(':memory:');
    db.exec('create table t (x unique)');
    db.exec('insert into t values (1)');
    expect(
      classifyDependencyError(await failureOf(() => db.exec('insert into t values (1)'))),
    ).toBeUndefined();
    expect(classifyDependencyError(await failureOf(() => db.exec('selec 1')))).toBeUndefined();
    db.close();
  });
});

describe('PostgreSQL failures', () => {
  let postgres: ThrowawayPostgres;
  beforeAll(async () => {
    postgres = await startThrowawayPostgres();
  });
  afterAll(() => closeOpened(postgres));

  const connect = async (config: pg.ClientConfig = {}) => {
    const client = new pg.Client({ connectionString: postgres.url, ...config });
    client.on('error', () => {});
    await client.connect();
    return client;
  };

  it('a refused connection is ECONNREFUSED', async () => {
    const pool = new pg.Pool({ host: '127.0.0.1', port: await freePort(), user: 'postgres' });
    const error = await failureOf(() => pool.query('select 1'));
    await pool.end();
    expect(classifyDependencyError(error)).toEqual({ dependency: 'network', code: 'ECONNREFUSED' });
  });

  it('a backend terminated by the administrator (as in a restart) is 57P01', async () => {
    const victim = await connect();
    const killer = await connect();
    const pid = (await victim.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0].pid;
    const sleeping = failureOf(() => victim.query('select pg_sleep(10)'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    await killer.query('select pg_terminate_backend($1)', [pid]);
    const error = await sleeping;
    // The connection is gone: the next query fails with one of pg's own messages. Which one
    // depends on whether pg has seen the socket close yet ("Connection terminated unexpectedly")
    // or already marked the client broken ("… is not queryable"); both are the store being down.
    const after = await failureOf(() => victim.query('select 1'));
    await killer.end();
    expect(classifyDependencyError(error)).toEqual({ dependency: 'store', code: '57P01' });
    const classified = classifyDependencyError(after);
    expect(classified?.dependency).toBe('store');
    expect([
      'Connection terminated unexpectedly',
      'Client has encountered a connection error and is not queryable',
    ]).toContain(classified?.code);
  });

  it('a statement over statement_timeout is 57014, a reply over query_timeout "Query read timeout"', async () => {
    const client = await connect({ statement_timeout: 100 });
    const statement = await failureOf(() => client.query('select pg_sleep(2)'));
    await client.end();
    const slow = await connect({ query_timeout: 100 });
    const read = await failureOf(() => slow.query('select pg_sleep(2)'));
    await slow.end().catch(() => {});
    expect(classifyDependencyError(statement)).toEqual({ dependency: 'store', code: '57014' });
    expect(classifyDependencyError(read)).toEqual({ dependency: 'store', code: 'Query read timeout' });
  });

  it('no connection left (too many connections) is 53300', async () => {
    const admin = await connect();
    await admin.query('create role limited login connection limit 0');
    const error = await failureOf(async () => {
      const client = new pg.Client({
        host: '127.0.0.1',
        port: postgres.port,
        user: 'limited',
        database: 'postgres',
      });
      await client.connect();
      await client.end();
    });
    await admin.end();
    expect(classifyDependencyError(error)).toEqual({ dependency: 'store', code: '53300' });
  });

  it('a write on a read-only server (a standby after a fail-over) is 25006, a write refusal', async () => {
    const client = await connect();
    await client.query('set default_transaction_read_only = on');
    const error = await failureOf(() => client.query('create table t (x int)'));
    await client.end();
    const failure = classifyDependencyError(error);
    expect(failure).toEqual({ dependency: 'store', code: '25006' });
    expect(isWriteRefusal(failure!)).toBe(true);
  });

  it('a pool with no free client within connectionTimeoutMillis times out', async () => {
    const pool = new pg.Pool({ connectionString: postgres.url, max: 1, connectionTimeoutMillis: 200 });
    const held = await pool.connect();
    const error = await failureOf(() => pool.query('select 1'));
    held.release();
    await pool.end();
    expect(classifyDependencyError(error)).toEqual({
      dependency: 'store',
      code: 'timeout exceeded when trying to connect',
    });
  });

  it('a server that closes the connection, or never answers, fails with the drivers’ messages', async () => {
    const closing = await tcpServer((socket) => socket.end());
    const silent = await tcpServer(() => {});
    const closedPool = new pg.Pool({ host: '127.0.0.1', port: closing.port, user: 'postgres' });
    const closed = await failureOf(() => closedPool.query('select 1'));
    const silentPool = new pg.Pool({
      host: '127.0.0.1',
      port: silent.port,
      user: 'postgres',
      connectionTimeoutMillis: 200,
    });
    const timedOut = await failureOf(() => silentPool.query('select 1'));
    await closedPool.end();
    await silentPool.end();
    await closing.close();
    await silent.close();
    expect(classifyDependencyError(closed)).toEqual({
      dependency: 'store',
      code: 'Connection terminated unexpectedly',
    });
    expect(classifyDependencyError(timedOut)).toEqual({
      dependency: 'store',
      code: 'Connection terminated due to connection timeout',
    });
  });

  it('bad SQL and unique violations are not dependency failures', async () => {
    const client = await connect();
    await client.query('create temporary table t (x int unique)');
    await client.query('insert into t values (1)');
    const unique = await failureOf(() => client.query('insert into t values (1)'));
    const syntax = await failureOf(() => client.query('selec 1'));
    await client.end();
    expect(classifyDependencyError(unique)).toBeUndefined();
    expect(classifyDependencyError(syntax)).toBeUndefined();
  });
});

describe('Redis failures', () => {
  it('a client whose server is away refuses commands at once (no offline queue)', async () => {
    const redis = new Redis({ port: await freePort(), lazyConnect: true, enableOfflineQueue: false });
    redis.on('error', () => {});
    const error = await failureOf(() => redis.get('k'));
    redis.disconnect();
    expect(classifyDependencyError(error)).toEqual({
      dependency: 'redis',
      code: "Stream isn't writeable and enableOfflineQueue options is false",
    });
  });

  it('a server that never answers: "Command timed out"; retries exhausted: MaxRetriesPerRequestError', async () => {
    const silent = await tcpServer(() => {});
    const slow = new Redis({ port: silent.port, enableReadyCheck: false, commandTimeout: 100 });
    slow.on('error', () => {});
    const timedOut = await failureOf(() => slow.get('k'));
    slow.disconnect();
    await silent.close();
    const away = new Redis({ port: await freePort(), maxRetriesPerRequest: 0, retryStrategy: () => 50 });
    away.on('error', () => {});
    const retries = await failureOf(() => away.get('k'));
    away.disconnect();
    expect(classifyDependencyError(timedOut)).toEqual({ dependency: 'redis', code: 'Command timed out' });
    expect(classifyDependencyError(retries)).toEqual({
      dependency: 'redis',
      code: 'MaxRetriesPerRequestError',
    });
  });

  it('a Redis limiter without insurance whose Redis is not ready', async () => {
    const redis = new Redis({ port: await freePort(), lazyConnect: true, enableOfflineQueue: false });
    redis.on('error', () => {});
    const limiter = new RateLimiterRedis({
      storeClient: redis,
      points: 1,
      duration: 1,
      rejectIfRedisNotReady: true,
    });
    const error = await failureOf(() => limiter.consume('k'));
    redis.disconnect();
    expect(classifyDependencyError(error)).toEqual({
      dependency: 'redis',
      code: 'Redis connection is not ready',
    });
  });
});

describe('network and disk failures', () => {
  it('a refused call (fetch wraps the cause) is the network; a full disk is ENOSPC', async () => {
    const port = await freePort();
    const refused = await failureOf(() => fetch(`http://127.0.0.1:${port}/`));
    expect(classifyDependencyError(refused)).toEqual({ dependency: 'network', code: 'ECONNREFUSED' });
    const full = await failureOf(() => fs.writeFileSync('/dev/full', 'x'));
    expect(classifyDependencyError(full)).toEqual({ dependency: 'disk', code: 'ENOSPC' });
  });

  it('plain errors are none', () => {
    expect(classifyDependencyError(new Error('boom'))).toBeUndefined();
    expect(
      classifyDependencyError(new TypeError("Cannot read properties of undefined (reading 'x')")),
    ).toBeUndefined();
    expect(classifyDependencyError(undefined)).toBeUndefined();
    expect(classifyDependencyError('Connection is closed.')).toBeUndefined();
  });
});

describe('the error handler on dependency failures', () => {
  it('answers 503 ERROR_SERVICE_UNAVAILABLE with Retry-After, and 500 for anything else', async () => {
    const db = new Sqlite(':memory:', { readonly: false });
    db.pragma('query_only = on');
    const readonly = await failureOf(() => db.exec('create table t (x)'));
    db.close();
    expect(toErrorResponse(readonly)).toEqual({
      status: 503,
      body: { ErrorMessages: [{ Property: '', ErrorMessage: 'ERROR_SERVICE_UNAVAILABLE' }] },
      headers: { 'retry-after': String(DEPENDENCY_RETRY_AFTER_SECONDS) },
    });
    expect(toErrorResponse(new Error('boom'))).toEqual({
      status: 500,
      body: { ErrorMessages: [{ Property: '', ErrorMessage: 'ERROR_INTERNAL' }] },
      headers: {},
    });
  });
});
