/**
 * The health module's public surface (DESIGN.md §8; docs/operations.md "Probes"): the probes' routes
 * and the readiness checks app.ts assembles.
 */
export {
  CHECK_TIMEOUT_MS,
  healthRoutes,
  outboxCheck,
  OUTBOX_READY_MAX_AGE_SECONDS,
  redisCheck,
  shutdownCheck,
  storeCheck,
  WRITE_REFUSAL_WINDOW_MS,
  type ReadinessCheck,
  type ReadinessState,
} from './routes.ts';
