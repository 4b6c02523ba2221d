/**
 * Shared counters for per-account throttling (DESIGN.md §1 scale-out, §5 rate limits): in memory on
 * one node, in Redis when `REDIS_URL` is set so that every node sees the same counts.
 */
import { Redis } from 'ioredis';

/** A fixed-window counter store. */
export interface Counters {
  /** Adds one to `key` and returns the count within the current window of `windowMs` ms. */
  hit(key: string, windowMs: number): Promise<number>;
  /** Current count of `key` (0 when absent or expired). */
  peek(key: string): Promise<number>;
  /** Forgets `key` (e.g. after a successful login). */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

/** In-memory counters (single node). */
export function memoryCounters(): Counters {
  const entries = new Map<string, { count: number; expiresAt: number }>();
  const live = (key: string) => {
    const e = entries.get(key);
    if (e && e.expiresAt <= Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return e;
  };
  return {
    async hit(key, windowMs) {
      const e = live(key) ?? { count: 0, expiresAt: Date.now() + windowMs };
      e.count += 1;
      entries.set(key, e);
      if (entries.size > 100_000) {
        for (const [k, v] of entries) if (v.expiresAt <= Date.now()) entries.delete(k);
      }
      return e.count;
    },
    async peek(key) {
      return live(key)?.count ?? 0;
    },
    async reset(key) {
      entries.delete(key);
    },
    async close() {},
  };
}

/** Redis counters (INCR + PEXPIRE on first hit); keys are `<prefix>counter:<key>`. */
export function redisCounters(redis: Redis, prefix = 'guildgate:'): Counters {
  const k = (key: string) => `${prefix}counter:${key}`;
  return {
    async hit(key, windowMs) {
      const [[, count]] = (await redis.multi().incr(k(key)).exec()) as [[Error | null, number]];
      if (count === 1) await redis.pexpire(k(key), windowMs);
      return count;
    },
    async peek(key) {
      return Number((await redis.get(k(key))) ?? 0);
    },
    async reset(key) {
      await redis.del(k(key));
    },
    async close() {
      redis.disconnect();
    },
  };
}

/** Counters for the configuration: Redis when `redisUrl` is set (errors go to `onError`), memory otherwise. */
export function createCounters(
  redisUrl: string | undefined,
  prefix?: string,
  onError: (error: Error) => void = () => {},
): Counters {
  if (!redisUrl) return memoryCounters();
  const redis = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 });
  redis.on('error', onError);
  return redisCounters(redis, prefix);
}
