/**
 * The rate-limits module's public surface (DESIGN.md §1 scale-out, §5 rate limits): the limiter store
 * built once by app.ts ({@link createRateLimits}) and the counting helpers used by every throttle and quota.
 */
export {
  createRateLimits,
  RATE_LIMITS_TABLE,
  type LimiterOptions,
  type RateLimits,
  type RateLimitsOptions,
  type RateLimitStoreKind,
} from './store.ts';
export { consumedBy, retryAfterSeconds, takeQuota, tryConsume, type Consumed } from './service.ts';
