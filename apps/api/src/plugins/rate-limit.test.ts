/**
 * Rate limits shared across nodes (DESIGN.md §1 scale-out, §5 rate limits; issue 5 "shared across nodes
 * through Redis when REDIS_URL is set"): two API nodes on one Redis and one store count together — the
 * per-IP limit of the sensitive routes and the log-in back-off per account and IP — and answer 429 with
 * Retry-After in the §8 shape. Runs where REDIS_URL is set (CI sets it), like the PostgreSQL suites;
 * without Redis each node limits on its own (in memory), and so does a node whose Redis is down (a
 * throw-away Redis killed under it: the limits fall back to memory, never open — docs/security.md).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMOUS, startTestApp, type TestApp } from '../test/harness.ts';
import { createPlayer, expectErrors, postLogin, type Player } from '../test/helpers.ts';
import { closeOpened, startThrowawayRedis, type ThrowawayRedis } from '../test/throwaway-services.ts';

const REDIS: readonly string[] = process.env.REDIS_URL ? [process.env.REDIS_URL] : [];

describe.each(REDIS)('rate limits across two nodes on Redis %s', (redisUrl) => {
  const prefix = `test:shared:${randomBytes(4).toString('hex')}:`;
  // The log-in back-off's free failures (the default), and a per-IP route limit above them, so that
  // the second test meets the back-off, not this limit.
  const FREE_FAILURES = 5;
  const LIMIT = FREE_FAILURES + 3;
  let a: TestApp;
  let b: TestApp;
  let player: Player;

  beforeAll(async () => {
    const env = {
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: prefix,
      RATE_LIMIT_PER_MINUTE: String(LIMIT),
      LOGIN_FREE_FAILURES: String(FREE_FAILURES),
    };
    a = await startTestApp('sqlite', { env });
    // The second node shares the first one's store and Redis.
    b = await startTestApp('sqlite', { env: { ...env, DATABASE_URL: a.config.databaseUrl } });
    player = await createPlayer(a, 'SharedNodes');
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('counts the per-IP limit of a sensitive route on both nodes together', async () => {
    const identify = (app: TestApp) =>
      app.app.inject({
        method: 'POST',
        url: '/api/log/identify',
        headers: ANONYMOUS,
        payload: { UsernameOrEmail: player.username },
        remoteAddress: '192.0.2.77',
      });
    for (let i = 0; i < LIMIT; i += 1) expect((await identify(i % 2 ? a : b)).statusCode).toBe(200);
    for (const app of [a, b]) {
      const res = await identify(app);
      expectErrors(res, 429, [['', 'ERROR_RATE_LIMITED']]);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('backs off an account+IP whose wrong passwords are spread over both nodes', async () => {
    // The free failures and one more are checked, whichever node they reach; then the address waits.
    for (let i = 0; i <= FREE_FAILURES; i += 1) {
      const res = await postLogin(i % 2 ? a : b, player.username, `Wrong${i}pass`, '192.0.2.88');
      expect(res.statusCode).toBe(400);
    }
    for (const app of [a, b]) {
      const res = await postLogin(app, player.username, player.password, '192.0.2.88');
      expectErrors(res, 429, [['', 'ERROR_RATE_LIMITED']]);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
  });
});

describe('rate limits without Redis', () => {
  const LIMIT = 3;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    // REDIS_URL '' switches Redis off even where CI sets it: each node then counts in its own memory.
    const env = { REDIS_URL: '', RATE_LIMIT_PER_MINUTE: String(LIMIT) };
    a = await startTestApp('sqlite', { env });
    b = await startTestApp('sqlite', { env: { ...env, DATABASE_URL: a.config.databaseUrl } });
  });
  afterAll(() => closeOpened(b, a));

  it('limits each node on its own, with 429 and Retry-After', async () => {
    const identify = (app: TestApp) =>
      app.app.inject({
        method: 'POST',
        url: '/api/log/identify',
        headers: ANONYMOUS,
        payload: { UsernameOrEmail: 'Nobody' },
        remoteAddress: '192.0.2.99',
      });
    for (let i = 0; i < LIMIT; i += 1) expect((await identify(a)).statusCode).toBe(400);
    const limited = await identify(a);
    expectErrors(limited, 429, [['', 'ERROR_RATE_LIMITED']]);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The other node has its own count: memory counters are not shared.
    expect((await identify(b)).statusCode).toBe(400);
  });
});

describe('per-IP limits while Redis is down', () => {
  const LIMIT = 3;
  let redis: ThrowawayRedis;
  let t: TestApp;

  beforeAll(async () => {
    redis = await startThrowawayRedis();
    t = await startTestApp('sqlite', { env: { REDIS_URL: redis.url, RATE_LIMIT_PER_MINUTE: String(LIMIT) } });
  });
  afterAll(() => closeOpened(t, redis));

  it('fall back to this node’s memory: still limited (429), never open, never a 500', async () => {
    await redis.stop('kill');
    const identify = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/log/identify',
        headers: ANONYMOUS,
        payload: { UsernameOrEmail: 'Nobody' },
        remoteAddress: '192.0.2.120',
      });
    for (let i = 0; i < LIMIT; i += 1) expect((await identify()).statusCode).toBe(400);
    const limited = await identify();
    expectErrors(limited, 429, [['', 'ERROR_RATE_LIMITED']]);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
