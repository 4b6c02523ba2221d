/**
 * Dependency failures under load (issue 18; DESIGN.md §4 "503 a dependency is down"; docs/operations.md
 * "Dependency failures"): an API node — a child process running server.ts, so that its exit is seen —
 * under a steady load of store-backed calls while its dependency fails:
 * - PostgreSQL (a throw-away server of this test) restarted, then stopped and started again: the node
 *   stays alive, answers only 503 with Retry-After in the §8 shape while the store is away (never a 500,
 *   never a hang), and every call succeeds again within 5 s of the server's return;
 * - Redis (a throw-away server) killed and started again: log-ins, the password check and the per-IP
 *   limited calls keep answering (the limits fall back to memory), never a 500 nor a hang, and the
 *   counters are back on Redis within 5 s of its return.
 * Every request has a time limit; one that runs out is counted as a hang.
 */
import { Redis } from 'ioredis';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PLAYER } from '../db/seed.ts';
import {
  closeOpened,
  sleep,
  startApiNode,
  startLoad,
  startThrowawayPostgres,
  startThrowawayRedis,
  waitUntil,
  type ApiNode,
  type LoadRequest,
  type LoadResult,
  type ThrowawayPostgres,
  type ThrowawayRedis,
} from './throwaway-services.ts';

const API_KEY = 'outage-test-key';
const BEARER = 'outage-test-anonymous-bearer';
const ANONYMOUS = {
  'x-api-key': API_KEY,
  authorization: `Bearer ${BEARER}`,
  'content-type': 'application/json',
};

/** The node's environment common to both suites: demo data (a player to log in), no limits in the way. */
const NODE_ENV = {
  API_KEYS: API_KEY,
  ANONYMOUS_BEARER: BEARER,
  SEED_DEMO: '1',
  LOG_LEVEL: 'warn',
  // Nothing listens there: no e-mail is sent by these calls.
  SMTP_URL: 'smtp://127.0.0.1:9',
  RATE_LIMIT_PER_MINUTE: '1000000',
  LOGIN_IP_FAILURES_PER_HOUR: '1000000',
  LOGIN_ACCOUNT_FAILURES: '1000000',
  // The back-off too: log-ins in flight when the store stops reserve their counts on it and give them
  // back to the in-memory fallback meanwhile (docs/security.md "Throttling": a rare 429 after an
  // outage); this suite is about the 503s, not the throttle, which login-throttle.test.ts covers.
  LOGIN_FREE_FAILURES: '100',
};

/** How long the node has to be fully back after its dependency returned (issue 18), ms. */
const RECOVERY_MS = 5000;

/** A short account of `results` by label and outcome, for failure messages. */
function summary(results: LoadResult[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const r of results) {
    const key = `${r.label} ${r.status ?? r.error}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

/** Results answered with neither a success nor a 503: 500s, other 5xx, connection errors and hangs. */
function unexpected(results: LoadResult[], success: (r: LoadResult) => boolean): LoadResult[] {
  return results.filter((r) => !success(r) && r.status !== 503);
}

/** Every 503 carries Retry-After (whole seconds, at least 1) and the §8 `ErrorMessages`. */
function expectProper503s(results: LoadResult[], context: string): void {
  const proper = (r: LoadResult) => {
    if (!/^[1-9]\d*$/.test(r.retryAfter ?? '')) return false;
    const body = JSON.parse(r.body ?? '{}') as { ErrorMessages?: unknown };
    return (
      JSON.stringify(body.ErrorMessages) ===
      JSON.stringify([{ Property: '', ErrorMessage: 'ERROR_SERVICE_UNAVAILABLE' }])
    );
  };
  expect(results.filter((r) => r.status === 503 && !proper(r)).slice(0, 3), context).toEqual([]);
}

/**
 * Milliseconds from `backAt` (the dependency answers again) to the start of the first request after
 * which every request started succeeded; Infinity when the last ones still failed.
 */
function recoveryMs(results: LoadResult[], backAt: number, success: (r: LoadResult) => boolean): number {
  const after = results.filter((r) => r.startedAt >= backAt);
  if (after.length === 0 || !success(after[after.length - 1])) return Infinity;
  let lastFailure = -1;
  after.forEach((r, i) => {
    if (!success(r)) lastFailure = i;
  });
  return lastFailure < 0 ? 0 : after[lastFailure + 1].startedAt - backAt;
}

describe('PostgreSQL restarted and stopped under load', () => {
  let postgres: ThrowawayPostgres;
  let node: ApiNode;

  beforeAll(async () => {
    postgres = await startThrowawayPostgres();
    node = await startApiNode({ ...NODE_ENV, DATABASE_URL: postgres.url });
  });
  afterAll(() => closeOpened(node, postgres));

  /** Identify (a read), log-in (reads, the throttle's counters, writes) and the readiness probe. */
  const next = (index: number): LoadRequest => {
    if (index % 10 === 0) return { label: 'ready', url: `${node.base}/api/ready`, init: {} };
    if (index % 5 === 0) {
      return {
        label: 'log-in',
        url: `${node.base}/api/log/log-in`,
        init: {
          method: 'POST',
          headers: ANONYMOUS,
          body: JSON.stringify({ UsernameOrEmail: DEMO_PLAYER.username, Password: DEMO_PLAYER.password }),
        },
      };
    }
    return {
      label: 'identify',
      url: `${node.base}/api/log/identify`,
      init: {
        method: 'POST',
        headers: ANONYMOUS,
        body: JSON.stringify({ UsernameOrEmail: DEMO_PLAYER.username }),
      },
    };
  };
  const success = (r: LoadResult) => r.status === 200;

  it('survives a restart: only 503s meanwhile, all back within 5 s', async () => {
    const load = startLoad({ concurrency: 20, timeoutMs: 8000, next });
    await sleep(1500);
    await postgres.restart();
    const backAt = Date.now();
    await sleep(RECOVERY_MS + 1500);
    const results = await load.stop();
    const context = `${JSON.stringify(summary(results))}\n${node.output().slice(-3000)}`;

    expect(node.alive(), context).toBe(true);
    expect(unexpected(results, success).slice(0, 5), context).toEqual([]);
    expectProper503s(results, context);
    expect(results.filter((r) => r.startedAt < backAt - 3000).every(success), context).toBe(true);
    expect(recoveryMs(results, backAt, success), context).toBeLessThan(RECOVERY_MS);
  }, 60_000);

  it('survives a stop: only 503s while it is down, all back within 5 s of its start', async () => {
    const load = startLoad({ concurrency: 20, timeoutMs: 8000, next });
    await sleep(1000);
    await postgres.stop();
    const downAt = Date.now();
    await sleep(4000);
    const upAt = Date.now();
    await postgres.start();
    const backAt = Date.now();
    await sleep(RECOVERY_MS + 1500);
    const results = await load.stop();
    const context = `${JSON.stringify(summary(results))}\n${node.output().slice(-3000)}`;

    expect(node.alive(), context).toBe(true);
    expect(unexpected(results, success).slice(0, 5), context).toEqual([]);
    expectProper503s(results, context);
    // While it is down (from a second after the stop, so that the calls in flight have ended).
    const during = results.filter((r) => r.startedAt > downAt + 1000 && r.endedAt < upAt);
    expect(during.length, context).toBeGreaterThan(20);
    expect(
      during.filter((r) => r.status !== 503),
      context,
    ).toEqual([]);
    expect(recoveryMs(results, backAt, success), context).toBeLessThan(RECOVERY_MS);
    await sleep(500);
    expect(node.alive(), context).toBe(true);
  }, 60_000);
});

describe('Redis stopped under load', () => {
  let redis: ThrowawayRedis;
  let node: ApiNode;
  let dir: string;
  let idUser: string;
  let accessToken: string;

  beforeAll(async () => {
    redis = await startThrowawayRedis();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guildgate-outage-'));
    node = await startApiNode({
      ...NODE_ENV,
      DATABASE_URL: `sqlite:${path.join(dir, 'store.sqlite')}`,
      REDIS_URL: redis.url,
    });
    const login = await fetch(`${node.base}/api/log/log-in`, {
      method: 'POST',
      headers: ANONYMOUS,
      body: JSON.stringify({ UsernameOrEmail: DEMO_PLAYER.username, Password: DEMO_PLAYER.password }),
    });
    const { Created } = (await login.json()) as { Created: string };
    const token = await fetch(`${node.base}/api/token/${Created}`, { headers: ANONYMOUS });
    const body = (await token.json()) as { Value: string; Id_User: string };
    accessToken = body.Value;
    idUser = body.Id_User;
  });
  afterAll(async () => {
    await closeOpened(node, redis);
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** How Redis goes away for 4 s, and how it comes back. */
  const OUTAGES: Array<{ name: string; away(): Promise<void>; back(): Promise<void> }> = [
    { name: 'killed', away: () => redis.stop('kill'), back: () => redis.start() },
    { name: 'shut down', away: () => redis.stop('shutdown'), back: () => redis.start() },
    {
      name: 'unresponsive (frozen)',
      away: async () => redis.freeze(),
      back: async () => redis.thaw(),
    },
  ];

  it.each(OUTAGES)(
    'keeps log-ins, the password check and the limited calls answering while Redis is $name; counters back on Redis within 5 s',
    async (outage) => {
      /** Log-in, the password check (both on the counters), and identify (the per-IP route limit). */
      const next = (index: number): LoadRequest => {
        if (index % 3 === 0) {
          return {
            label: 'log-in',
            url: `${node.base}/api/log/log-in`,
            init: {
              method: 'POST',
              headers: ANONYMOUS,
              body: JSON.stringify({ UsernameOrEmail: DEMO_PLAYER.username, Password: DEMO_PLAYER.password }),
            },
          };
        }
        if (index % 3 === 1) {
          return {
            label: 'password-check',
            url: `${node.base}/api/password/validate/user/${idUser}`,
            init: {
              method: 'POST',
              headers: { ...ANONYMOUS, authorization: `Bearer ${accessToken}` },
              body: JSON.stringify({ Password: DEMO_PLAYER.password }),
            },
          };
        }
        return {
          label: 'identify',
          url: `${node.base}/api/log/identify`,
          init: {
            method: 'POST',
            headers: ANONYMOUS,
            body: JSON.stringify({ UsernameOrEmail: DEMO_PLAYER.username }),
          },
        };
      };
      const success = (r: LoadResult) => r.status === 200;
      const probe = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: null });
      probe.on('error', () => {});
      await probe.connect();
      await probe.flushall();
      const load = startLoad({ concurrency: 12, timeoutMs: 3000, next });
      await sleep(1000);
      await outage.away();
      await sleep(4000);
      await outage.back();
      const backAt = Date.now();
      // Counters written after its return (a restarted Redis is empty; a thawed one was emptied
      // here before) show that the node uses Redis again.
      await probe.flushall();
      let backOnRedisMs = Infinity;
      await waitUntil(
        'counters back on Redis',
        async () => {
          const keys = await probe.dbsize();
          if (keys > 0) backOnRedisMs = Date.now() - backAt;
          return keys > 0;
        },
        RECOVERY_MS + 2000,
      ).catch(() => {});
      probe.disconnect();
      await sleep(1000);
      const results = await load.stop();
      const context = `${JSON.stringify(summary(results))}\n${node.output().slice(-3000)}`;

      expect(node.alive(), context).toBe(true);
      // Never a 500, a 503 or a hang: every call is answered as when Redis is up — or limited (429
      // with Retry-After): the log-in throttle's counts of this one account and address, hammered by
      // several log-ins at once, may be split between Redis and memory as Redis goes and comes.
      const limited = (r: LoadResult) => r.status === 429 && /^[1-9]\d*$/.test(r.retryAfter ?? '');
      expect(results.filter((r) => !success(r) && !limited(r)).slice(0, 5), context).toEqual([]);
      expect(results.filter(limited).length, context).toBeLessThan(results.length / 20);
      expect(backOnRedisMs, context).toBeLessThan(RECOVERY_MS);
    },
    60_000,
  );
});
