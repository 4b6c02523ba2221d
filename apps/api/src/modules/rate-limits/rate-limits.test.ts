/**
 * The shared rate limits (modules/rate-limits/; DESIGN.md §1, §5) on each store they run on — memory,
 * Redis (REDIS_URL) and PostgreSQL (TEST_DATABASE_URL, the `rate_limits` table of migration 0012): points
 * per window, atomically under concurrency, given back by `reward`, a window of its own per key, one
 * limiter per name; and a Redis that is down falls back to memory instead of failing the caller.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openStore, type Store } from '../../db/database.ts';
import { withSchemaLock } from '../../test/harness.ts';
import { consumedBy, createRateLimits, takeQuota, tryConsume, type RateLimits } from './index.ts';

interface Backend {
  name: string;
  open(): Promise<{ limits: RateLimits; close: () => Promise<void> }>;
}

const prefix = () => `test:rl:${randomBytes(4).toString('hex')}:`;

const BACKENDS: Backend[] = [
  {
    name: 'memory',
    open: async () => ({ limits: createRateLimits({ keyPrefix: prefix() }), close: async () => {} }),
  },
  ...(process.env.REDIS_URL
    ? [
        {
          name: 'redis',
          open: async () => {
            const redis = new Redis(process.env.REDIS_URL!, { enableOfflineQueue: false, lazyConnect: true });
            await redis.connect();
            return {
              limits: createRateLimits({ redis, keyPrefix: prefix() }),
              close: async () => redis.disconnect(),
            };
          },
        },
      ]
    : []),
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          name: 'postgres',
          open: async () => {
            const url = process.env.TEST_DATABASE_URL!;
            const schema = `t_rl_${randomBytes(4).toString('hex')}`;
            const store: Store = openStore(url, { schema });
            // Ordered against other suites' schema drops, as the harness does (harness.ts).
            await withSchemaLock(url, 'shared', () => migrateToLatest(store, schema));
            return {
              limits: createRateLimits({ postgres: store.pool, keyPrefix: prefix() }),
              close: async () => {
                await store.close();
                await withSchemaLock(url, 'exclusive', (client) =>
                  client.query(`drop schema if exists ${schema} cascade`),
                );
              },
            };
          },
        },
      ]
    : []),
];

describe.each(BACKENDS)('rate limits on $name', (backend) => {
  const opened: Array<() => Promise<void>> = [];
  const open = async () => {
    const { limits, close } = await backend.open();
    opened.push(close);
    return limits;
  };
  afterAll(async () => {
    for (const close of opened) await close();
  });

  it('allows the points of a window, then refuses with the time left', async () => {
    const limits = await open();
    expect(limits.kind).toBe(backend.name);
    const limiter = limits.limiter('quota', { points: 3, durationSeconds: 60 });
    for (let i = 1; i <= 3; i += 1)
      expect(await tryConsume(limiter, 'k')).toMatchObject({ allowed: true, consumedPoints: i });
    const refused = await tryConsume(limiter, 'k');
    expect(refused.allowed).toBe(false);
    expect(refused.msBeforeNext).toBeGreaterThan(55_000);
    expect(refused.msBeforeNext).toBeLessThanOrEqual(60_000);
    // Another key has its own points; reward gives points back.
    expect((await tryConsume(limiter, 'other')).allowed).toBe(true);
    await limiter.reward('k', 2);
    expect(await consumedBy(limiter, 'k')).toBe(2);
    expect((await tryConsume(limiter, 'k')).allowed).toBe(true);
    expect(await takeQuota(limits, 'quota', { points: 3, durationSeconds: 60 }, 'k')).toBe(false);
  });

  it('counts concurrent calls atomically', async () => {
    const limiter = (await open()).limiter('busy', { points: 10, durationSeconds: 60 });
    const answers = await Promise.all(Array.from({ length: 50 }, () => tryConsume(limiter, 'k')));
    expect(answers.filter((a) => a.allowed)).toHaveLength(10);
    expect(await consumedBy(limiter, 'k')).toBe(50);
  });

  it('gives a key a window of its own when asked, and forgets a deleted key', async () => {
    const limiter = (await open()).limiter('slot', { points: 1, durationSeconds: 900 });
    expect((await tryConsume(limiter, 'short', 1, 2)).allowed).toBe(true);
    const refused = await tryConsume(limiter, 'short');
    expect(refused.allowed).toBe(false);
    expect(refused.msBeforeNext).toBeLessThanOrEqual(2000);
    await limiter.delete('short');
    expect(await consumedBy(limiter, 'short')).toBe(0);
    expect((await tryConsume(limiter, 'short')).allowed).toBe(true);
  });

  it('keeps one limiter per name and refuses the name with other options', async () => {
    const limits = await open();
    const options = { points: 2, durationSeconds: 30 };
    expect(limits.limiter('same', options)).toBe(limits.limiter('same', { ...options }));
    expect(() => limits.limiter('same', { points: 3, durationSeconds: 30 })).toThrow(/other options/);
  });
});

describe('rate limits when Redis is down', () => {
  it('falls back to memory instead of failing the caller', async () => {
    // Nothing listens on port 1: the client never becomes ready.
    const redis = new Redis({ port: 1, host: '127.0.0.1', lazyConnect: true, enableOfflineQueue: false });
    redis.on('error', () => {});
    try {
      const limits = createRateLimits({ redis, keyPrefix: prefix() });
      const limiter = limits.limiter('outage', { points: 2, durationSeconds: 60 });
      expect((await tryConsume(limiter, 'k')).allowed).toBe(true);
      expect((await tryConsume(limiter, 'k')).allowed).toBe(true);
      expect((await tryConsume(limiter, 'k')).allowed).toBe(false);
    } finally {
      redis.disconnect();
    }
  });
});
