/**
 * Per-IP rate limits (DESIGN.md §5) with @fastify/rate-limit, shared through Redis when `REDIS_URL`
 * is set. Applied to identify, log-in, register, confirmation resend (and later recovery and
 * access keys); 429 answers carry Retry-After and the §8 error shape.
 */
import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { AppContext } from '../context.ts';

/**
 * Registers the plugin (inactive by default: routes opt in with {@link sensitiveRateLimit}).
 * @throws when REDIS_URL is set and Redis cannot be reached at start
 */
export async function registerRateLimit(app: FastifyInstance, ctx: AppContext): Promise<Redis | undefined> {
  const redis = ctx.config.redisUrl
    ? new Redis(ctx.config.redisUrl, {
        connectTimeout: 1000,
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
        lazyConnect: true,
      })
    : undefined;
  if (redis) {
    // Connected before the first request, so the limiter is live from the start; later outages
    // are logged and skipped (skipOnError) rather than failing requests.
    redis.on('error', (error: Error) => ctx.log.warn({ err: error }, 'rate-limit Redis error'));
    await redis.connect();
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: `${ctx.config.redisKeyPrefix}rl:` } : {}),
    // The limiter must not turn a Redis outage into an outage of log-in.
    skipOnError: true,
  });
  return redis;
}

/** Route option: at most `config.rateLimitPerMinute` calls per IP and minute. */
export function sensitiveRateLimit(ctx: AppContext) {
  return { max: ctx.config.rateLimitPerMinute, timeWindow: 60_000 };
}
