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
  RateLimiterRes,
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

/** The answer of {@link tryConsume}: whether the points were within the limit, and the limiter's state. */
export interface Consumed {
  allowed: boolean;
  /** Points consumed in the window so far (this call's included). */
  consumedPoints: number;
  /** Milliseconds until the window (or a block) ends. */
  msBeforeNext: number;
}

/**
 * Consumes `points` of `key` atomically (a refused call consumes too: undo it with `reward` when it must
 * not count).
 * @param durationSeconds a window for this key other than the limiter's (rate-limiter-flexible's
 *   `customDuration`; applies when the key starts a new window)
 * @returns whether it was within the limit
 * @throws Error only when the store fails and has no insurance (never with {@link createRateLimits})
 */
export async function tryConsume(
  limiter: RateLimiterAbstract,
  key: string,
  points = 1,
  durationSeconds?: number,
): Promise<Consumed> {
  try {
    const res = await limiter.consume(
      key,
      points,
      durationSeconds === undefined ? undefined : { customDuration: durationSeconds },
    );
    return { allowed: true, consumedPoints: res.consumedPoints, msBeforeNext: res.msBeforeNext };
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) {
      return {
        allowed: false,
        consumedPoints: rejection.consumedPoints,
        msBeforeNext: rejection.msBeforeNext,
      };
    }
    throw rejection;
  }
}

/** Points consumed by `key` in its current window (0 when none). */
export async function consumedBy(limiter: RateLimiterAbstract, key: string): Promise<number> {
  return (await limiter.get(key))?.consumedPoints ?? 0;
}

/** Seconds to announce in Retry-After for `msBeforeNext` (at least 1). */
export function retryAfterSeconds(msBeforeNext: number): number {
  return Math.max(1, Math.ceil(msBeforeNext / 1000));
}

/**
 * Takes one point of `key` from the limiter `name` of `limits` (created with `options` on first use).
 * @returns false when `key` has no point left in its window (a quota reached: the caller stays silent or
 *   refuses)
 */
export async function takeQuota(
  limits: RateLimits,
  name: string,
  options: LimiterOptions,
  key: string,
): Promise<boolean> {
  return (await tryConsume(limits.limiter(name, options), key)).allowed;
}
