/**
 * Counting on the limiters of the rate-limit store (./store.ts; DESIGN.md §5 rate limits): consume points
 * atomically, read a key's count, take a quota, and turn a wait into Retry-After seconds.
 */
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { LimiterOptions, RateLimits } from './store.ts';

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
