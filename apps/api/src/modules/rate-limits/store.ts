/**
 * The store of every throttle, quota and replay cache of the API (DESIGN.md §1 scale-out, §3
 * "rate-limiter-flexible … atomic; one Redis connection", §5 rate limits), on `rate-limiter-flexible`:
 * - Redis when `REDIS_URL` is set — the one connection the per-IP route limits use too — so that every
 *   node counts together (atomic Lua upserts);
 * - else PostgreSQL when the store is PostgreSQL (the `rate_limits` table of migration 0012), so that
 *   nodes sharing a database without Redis still count together;
 * - else memory (one node on SQLite).
 * A Redis or PostgreSQL limiter falls back to an in-memory twin while its store is unreachable, so an
 * outage never turns into refusing every log-in (nor into a 500).
 *
 * Limiters are named by purpose; a name always designates the same limiter (same points and duration).
 * Durations are seconds, as rate-limiter-flexible counts them.
 */
import type { Redis } from 'ioredis';
import type pg from 'pg';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';

/** Where the counters live. */
export type RateLimitStoreKind = 'redis' | 'postgres' | 'memory';

/** The table of the PostgreSQL store (migration 0012). */
export const RATE_LIMITS_TABLE = 'rate_limits';

/** A limiter's shape: `points` per `durationSeconds` (a fixed window starting at its first point). */
export interface LimiterOptions {
  points: number;
  durationSeconds: number;
}

/** The shared store of limiters (built once by app.ts). */
export interface RateLimits {
  readonly kind: RateLimitStoreKind;
  /**
   * The limiter `name` (e.g. `login-tries`) with `options`, created on first use; later calls with the
   * same name return the same limiter (their options must match).
   * @throws Error when `name` was created with other options
   */
  limiter(name: string, options: LimiterOptions): RateLimiterAbstract;
}

/** What {@link createRateLimits} builds on. */
export interface RateLimitsOptions {
  /** The connected Redis client (`REDIS_URL`), shared with the per-IP route limits. */
  redis?: Redis;
  /** The PostgreSQL pool of the store, when the store is PostgreSQL. */
  postgres?: pg.Pool;
  /** Prefix of every key (several deployments or test runs may share one Redis or database). */
  keyPrefix: string;
}

/** The limiters on Redis, PostgreSQL or memory (see the module note), each with its in-memory insurance. */
export function createRateLimits(options: RateLimitsOptions): RateLimits {
  const kind: RateLimitStoreKind = options.redis ? 'redis' : options.postgres ? 'postgres' : 'memory';
  const made = new Map<string, { limiter: RateLimiterAbstract; options: LimiterOptions }>();
  const build = (name: string, { points, durationSeconds }: LimiterOptions): RateLimiterAbstract => {
    const base = { keyPrefix: `${options.keyPrefix}${name}`, points, duration: durationSeconds };
    if (options.redis) {
      return new RateLimiterRedis({
        ...base,
        storeClient: options.redis,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory(base),
      });
    }
    if (options.postgres) {
      return new RateLimiterPostgres({
        ...base,
        storeClient: options.postgres,
        storeType: 'pool',
        tableName: RATE_LIMITS_TABLE,
        tableCreated: true,
        insuranceLimiter: new RateLimiterMemory(base),
      });
    }
    return new RateLimiterMemory(base);
  };
  return {
    kind,
    limiter(name, limiterOptions) {
      const existing = made.get(name);
      if (existing) {
        const same =
          existing.options.points === limiterOptions.points &&
          existing.options.durationSeconds === limiterOptions.durationSeconds;
        if (!same) throw new Error(`rate limiter ${name} already exists with other options`);
        return existing.limiter;
      }
      const limiter = build(name, limiterOptions);
      made.set(name, { limiter, options: limiterOptions });
      return limiter;
    },
  };
}
