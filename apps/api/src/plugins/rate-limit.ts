/**
 * Per-IP rate limits of routes (DESIGN.md §5) with @fastify/rate-limit, in `onRequest` (before the body
 * is read), shared through Redis when `REDIS_URL` is set. Applied to identify, log-in, register,
 * recovery, confirmation resend and access keys; 429 answers carry Retry-After and the §8 error shape.
 * The Redis client is the API's one connection ({@link connectRedis}), which lib/rate-limits.ts uses too.
 *
 * One policy for every limit while Redis is down (docs/security.md "Throttling", docs/operations.md
 * "Dependency failures"): with Redis configured, the per-IP counts are limiters of lib/rate-limits.ts
 * ({@link rateLimitsStore}), whose in-memory insurance counts on this node meanwhile — the limits hold
 * per node, never open, never a 500, never a wait on Redis.
 */
import type { FastifyBaseLogger, FastifyInstance, RouteOptions } from 'fastify';
import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { AppContext } from '../context.ts';
import type { RateLimits } from '../modules/rate-limits/index.ts';

/**
 * The API's Redis connection (`REDIS_URL`), connected before the first request so the limits are live
 * from the start. Nothing waits on Redis for long: a command is refused at once while the connection is
 * down (no offline queue, no retry of a command in flight), and a connection that stays silent for
 * `timeoutMs` after a command is dropped and opened again (ioredis' `socketTimeout`), so the limits use
 * their in-memory insurance meanwhile. Reconnection is tried every 100 ms, growing to 1 s, forever;
 * outages are logged.
 * @param timeoutMs connect, command and silent-socket time limit (REDIS_TIMEOUT_MS)
 * @throws when Redis cannot be reached at start
 */
export async function connectRedis(url: string, log: FastifyBaseLogger, timeoutMs = 1000): Promise<Redis> {
  const redis = new Redis(url, {
    connectTimeout: timeoutMs,
    commandTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: (times) => Math.min(times * 100, 1000),
    lazyConnect: true,
  });
  redis.on('error', (error: Error) => log.warn({ err: error }, 'Redis error'));
  await redis.connect();
  return redis;
}

/** Seconds of a window given in ms (rate-limiter-flexible counts seconds; at least 1). */
function windowSeconds(timeWindowMs: number): number {
  return Math.max(1, Math.ceil(timeWindowMs / 1000));
}

/**
 * A @fastify/rate-limit store on `limits`: each route counts per key (the client's address) in the
 * limiter `route-ip:<METHOD> <url>` with the route's `max` points per `timeWindow`; when the limiters'
 * store (Redis) fails, rate-limiter-flexible answers from their in-memory insurance.
 */
export function rateLimitsStore(limits: RateLimits): FastifyRateLimitStoreCtor {
  /** The store of one limiter: the plugin constructs the `global` one, `child` makes each route's. */
  class RouteIpStore implements FastifyRateLimitStore {
    readonly #route: string;
    /** @param route `<METHOD> <url>` of a route's store (the plugin passes its options: `global`) */
    constructor(route?: unknown) {
      this.#route = typeof route === 'string' ? route : 'global';
    }
    incr(
      key: string,
      callback: Parameters<FastifyRateLimitStore['incr']>[1],
      timeWindow: number,
      max: number,
    ) {
      limits
        .limiter(`route-ip:${this.#route}`, { points: max, durationSeconds: windowSeconds(timeWindow) })
        .penalty(key)
        .then(
          (res) => callback(null, { current: res.consumedPoints, ttl: res.msBeforeNext }),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
    }
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // At run time the plugin hands the merged route options, the route itself (or `{}`) under
      // `routeInfo`; a route registered for several methods names them comma-separated.
      const info = (routeOptions as { routeInfo?: Partial<Pick<RouteOptions, 'method' | 'url'>> }).routeInfo;
      const method = info?.method ?? '';
      return new RouteIpStore(`${Array.isArray(method) ? method.join(',') : method} ${info?.url ?? ''}`);
    }
  }
  return RouteIpStore;
}

/** Registers the plugin (inactive by default: routes opt in with {@link sensitiveRateLimit}). */
export async function registerRateLimit(
  app: FastifyInstance,
  ctx: AppContext,
  redis: Redis | undefined,
): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    // With Redis: the shared limiters and their in-memory insurance (see the module note); without it,
    // the plugin's own memory store (one node's count).
    ...(redis ? { store: rateLimitsStore(ctx.rateLimits) } : {}),
  });
}

/** Route option: at most `config.rateLimitPerMinute` calls per IP and minute. */
export function sensitiveRateLimit(ctx: AppContext) {
  return { max: ctx.config.rateLimitPerMinute, timeWindow: 60_000 };
}
