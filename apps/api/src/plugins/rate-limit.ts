/**
 * Per-IP rate limits of routes (DESIGN.md §5) with @fastify/rate-limit, in `onRequest` (before the body
 * is read), shared through Redis when `REDIS_URL` is set. Applied to identify, log-in, register,
 * recovery, confirmation resend and access keys; 429 answers carry Retry-After and the §8 error shape.
 * The Redis client is the API's one connection ({@link connectRedis}), which lib/rate-limits.ts uses too.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { AppContext } from '../context.ts';

/**
 * The API's Redis connection (`REDIS_URL`), connected before the first request so the limits are live
 * from the start; later outages are logged, and the limits fall back rather than fail requests.
 * @throws when Redis cannot be reached at start
 */
export async function connectRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const redis = new Redis(url, {
    connectTimeout: 1000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    lazyConnect: true,
  });
  redis.on('error', (error: Error) => log.warn({ err: error }, 'Redis error'));
  await redis.connect();
  return redis;
}

/** Registers the plugin (inactive by default: routes opt in with {@link sensitiveRateLimit}). */
export async function registerRateLimit(
  app: FastifyInstance,
  ctx: AppContext,
  redis: Redis | undefined,
): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: `${ctx.config.redisKeyPrefix}rl:` } : {}),
    // The limiter must not turn a Redis outage into an outage of log-in.
    skipOnError: true,
  });
}

/** Route option: at most `config.rateLimitPerMinute` calls per IP and minute. */
export function sensitiveRateLimit(ctx: AppContext) {
  return { max: ctx.config.rateLimitPerMinute, timeWindow: 60_000 };
}
