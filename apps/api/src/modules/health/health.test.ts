/**
 * GET /api/ready per dependency (issue 18; docs/operations.md "Probes"): the store (SQLite, and a
 * throw-away PostgreSQL stopped and started again), a store that refuses writes (read-only), Redis (a
 * throw-away server killed and started again: only `degraded`), and the checks' own rules (required or
 * optional, a check that hangs) on the same route code. Real app, real stores, real Redis.
 */
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMOUS, json, startTestApp, type TestApp } from '../../test/harness.ts';
import { createPlayer, postLogin } from '../../test/helpers.ts';
import {
  closeOpened,
  startThrowawayPostgres,
  startThrowawayRedis,
  waitUntil,
  type ThrowawayPostgres,
  type ThrowawayRedis,
} from '../../test/throwaway-services.ts';
import {
  CHECK_TIMEOUT_MS,
  healthRoutes,
  WRITE_REFUSAL_WINDOW_MS,
  outboxCheck,
  shutdownCheck,
  type ReadinessCheck,
} from './routes.ts';

const UNAVAILABLE = [{ Property: '', ErrorMessage: 'ERROR_SERVICE_UNAVAILABLE' }];

/** GET /api/ready of `t`. */
function ready(t: Pick<TestApp, 'app'>) {
  return t.app.inject({ method: 'GET', url: '/api/ready' });
}

describe('readiness of a SQLite store', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { withoutRedis: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it('is ready with the store ok, and no Redis check when Redis is not configured', async () => {
    const res = await ready(t);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(json(res)).toEqual({
      status: 'ready',
      checks: {
        node: { ok: true, required: true, ms: expect.any(Number) },
        store: { ok: true, required: true, ms: expect.any(Number) },
        outbox: {
          ok: true,
          required: false,
          ms: expect.any(Number),
          detail: 'pending 0, oldest 0 s, dead 0',
        },
      },
    });
  });

  it('is unavailable (503, Retry-After, §8) while writes are refused, and ready again after', async () => {
    const player = await createPlayer(t, 'ReadyReadonly1');
    await sql`pragma query_only = on`.execute(t.ctx.db);
    expect((await postLogin(t, player.username, player.password)).statusCode).toBe(503);
    const res = await ready(t);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(json(res)).toEqual({
      status: 'unavailable',
      checks: {
        node: { ok: true, required: true, ms: expect.any(Number) },
        store: {
          ok: false,
          required: true,
          ms: expect.any(Number),
          detail: 'writes refused: SQLITE_READONLY',
        },
        outbox: {
          ok: true,
          required: false,
          ms: expect.any(Number),
          detail: 'pending 0, oldest 0 s, dead 0',
        },
      },
      ErrorMessages: UNAVAILABLE,
    });
    await sql`pragma query_only = off`.execute(t.ctx.db);
    await waitUntil(
      'ready again',
      async () => (await ready(t)).statusCode === 200,
      WRITE_REFUSAL_WINDOW_MS + 2000,
    );
  }, 30_000);
});

describe('readiness of a PostgreSQL store stopped and started again', () => {
  let postgres: ThrowawayPostgres;
  let t: TestApp;
  beforeAll(async () => {
    postgres = await startThrowawayPostgres();
    t = await startTestApp('sqlite', {
      withoutRedis: true,
      env: { DATABASE_URL: postgres.url, DATABASE_CONNECT_TIMEOUT_MS: '500' },
    });
  });
  afterAll(() => closeOpened(t, postgres));

  it('answers 503 with the store down while the server is stopped, 200 once it is back', async () => {
    expect((await ready(t)).statusCode).toBe(200);
    await postgres.stop();
    const res = await ready(t);
    expect(res.statusCode).toBe(503);
    expect(json(res)).toEqual({
      status: 'unavailable',
      checks: {
        node: { ok: true, required: true, ms: expect.any(Number) },
        store: { ok: false, required: true, ms: expect.any(Number), detail: 'ECONNREFUSED' },
        outbox: { ok: false, required: false, ms: expect.any(Number), detail: 'ECONNREFUSED' },
      },
      ErrorMessages: UNAVAILABLE,
    });
    await postgres.start();
    await waitUntil('ready again', async () => (await ready(t)).statusCode === 200, 5000);
  }, 60_000);
});

describe('readiness with Redis killed and started again', () => {
  let redis: ThrowawayRedis;
  let t: TestApp;
  beforeAll(async () => {
    redis = await startThrowawayRedis();
    t = await startTestApp('sqlite', { env: { REDIS_URL: redis.url } });
  });
  afterAll(() => closeOpened(t, redis));

  it('is degraded (200) while Redis is away — the limits count in memory — and ready once it is back', async () => {
    const up = await ready(t);
    expect(json(up)).toEqual({
      status: 'ready',
      checks: {
        node: { ok: true, required: true, ms: expect.any(Number) },
        store: { ok: true, required: true, ms: expect.any(Number) },
        redis: { ok: true, required: false, ms: expect.any(Number) },
        outbox: {
          ok: true,
          required: false,
          ms: expect.any(Number),
          detail: 'pending 0, oldest 0 s, dead 0',
        },
      },
    });
    await redis.stop('kill');
    await waitUntil(
      'Redis reported down',
      async () => json<{ status: string }>(await ready(t)).status === 'degraded',
      5000,
    );
    const down = await ready(t);
    expect(down.statusCode).toBe(200);
    expect(json(down)).toMatchObject({
      status: 'degraded',
      checks: { store: { ok: true }, redis: { ok: false, required: false, detail: expect.any(String) } },
    });
    // Log-ins go on meanwhile (their counters are in memory).
    const identify = await t.app.inject({
      method: 'POST',
      url: '/api/log/identify',
      headers: ANONYMOUS,
      payload: { UsernameOrEmail: 'Nobody' },
    });
    expect(identify.statusCode).toBe(400);
    await redis.start();
    await waitUntil(
      'Redis back',
      async () => json<{ status: string }>(await ready(t)).status === 'ready',
      5000,
    );
  }, 60_000);
});

describe('readiness checks', () => {
  /** The probe alone, on a bare Fastify instance, with `checks`. */
  async function probe(checks: ReadinessCheck[]) {
    const app = Fastify();
    await app.register(async (api) => healthRoutes(api, undefined as never, checks), { prefix: '/api' });
    const res = await app.inject({ method: 'GET', url: '/api/ready' });
    await app.close();
    return res;
  }
  const ok = (name: string, required: boolean): ReadinessCheck => ({
    name,
    required,
    check: async () => ({ ok: true }),
  });

  it('an optional check that fails makes the node degraded, a required one unavailable', async () => {
    const optionalDown: ReadinessCheck = {
      name: 'outbox',
      required: false,
      check: async () => ({ ok: false, detail: 'backlog 1200' }),
    };
    const degraded = await probe([ok('store', true), optionalDown]);
    expect(degraded.statusCode).toBe(200);
    expect(json(degraded)).toMatchObject({
      status: 'degraded',
      checks: { store: { ok: true }, outbox: { ok: false, required: false, detail: 'backlog 1200' } },
    });
    const unavailable = await probe([ok('store', true), { ...optionalDown, required: true }]);
    expect(unavailable.statusCode).toBe(503);
    expect(json(unavailable)).toMatchObject({ status: 'unavailable', ErrorMessages: UNAVAILABLE });
  });

  it('a check that hangs counts as failed after the check time-out; one that throws, as failed', async () => {
    const started = Date.now();
    const res = await probe([
      { name: 'store', required: true, check: () => new Promise(() => {}) },
      { name: 'other', required: false, check: () => Promise.reject(new Error('boom')) },
    ]);
    expect(Date.now() - started).toBeLessThan(CHECK_TIMEOUT_MS + 1000);
    expect(res.statusCode).toBe(503);
    expect(json(res)).toMatchObject({
      checks: { store: { ok: false, detail: 'timed out' }, other: { ok: false, detail: 'failed' } },
    });
  });

  it('a node that is shutting down is unavailable, so a load balancer takes it out', async () => {
    let stopping = false;
    expect((await probe([shutdownCheck(() => stopping), ok('store', true)])).statusCode).toBe(200);
    stopping = true;
    const res = await probe([shutdownCheck(() => stopping), ok('store', true)]);
    expect(res.statusCode).toBe(503);
    expect(json(res)).toMatchObject({ checks: { node: { ok: false, detail: 'shutting down' } } });
  });

  it('mail waiting longer than five minutes makes the node degraded, not unavailable', async () => {
    const backlog = { pending: 3, oldestPendingAgeSeconds: 301, dead: 1 };
    const res = await probe([ok('store', true), outboxCheck(async () => backlog)]);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({
      status: 'degraded',
      checks: { outbox: { ok: false, required: false, detail: 'pending 3, oldest 301 s, dead 1' } },
    });
    backlog.oldestPendingAgeSeconds = 299;
    expect(json(await probe([ok('store', true), outboxCheck(async () => backlog)]))).toMatchObject({
      status: 'ready',
    });
  });
});
