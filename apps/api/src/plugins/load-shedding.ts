/**
 * Load shedding (issue 18; docs/operations.md "Load shedding") with `@fastify/under-pressure`: every
 * second the node samples its event-loop delay (and, when configured, event-loop utilisation, heap and
 * RSS); while a sample is over its limit (`config.pressure`, PRESSURE_* variables; 0 = not checked),
 * requests are refused at once with 503 ERROR_SERVICE_UNAVAILABLE and Retry-After (the §8 shape, through
 * the error handler) instead of queueing until the node stalls. Routes with {@link NEVER_SHED} in their
 * config (/api/health: the process is alive) are always served.
 */
import type { FastifyInstance } from 'fastify';
import underPressure from '@fastify/under-pressure';
import type { AppConfig } from '../config/config.ts';
import { DEPENDENCY_RETRY_AFTER_SECONDS } from '../lib/dependency-errors.ts';

/** Route config that serves the route even under pressure (under-pressure's per-route handler: go on). */
export const NEVER_SHED = { pressureHandler: () => undefined };

/**
 * Registers the shedding on `app` (before the routes: it is an onRequest hook of every route).
 * It does nothing when every limit is 0.
 */
export async function registerLoadShedding(
  app: FastifyInstance,
  pressure: AppConfig['pressure'],
): Promise<void> {
  await app.register(underPressure, {
    maxEventLoopDelay: pressure.maxEventLoopDelayMs,
    maxEventLoopUtilization: pressure.maxEventLoopUtilization,
    maxHeapUsedBytes: pressure.maxHeapUsedBytes,
    maxRssBytes: pressure.maxRssBytes,
    retryAfter: DEPENDENCY_RETRY_AFTER_SECONDS,
  });
}
