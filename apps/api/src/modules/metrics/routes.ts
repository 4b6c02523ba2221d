/**
 * Prometheus metrics (DESIGN.md §8) with prom-client: process metrics plus a request-duration
 * histogram (seconds) by method, route pattern and status, served at GET /api/metrics in the text
 * exposition format. Each app has its own registry (tests build several apps in one process).
 */
import type { FastifyInstance } from 'fastify';
import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** One app's metrics. */
export interface Metrics {
  /** Installs the request-duration hook on the root instance (before any route scope). */
  instrument(app: FastifyInstance): void;
  /** Registers GET /metrics on `api` (the /api scope). */
  routes(api: FastifyInstance): Promise<void>;
}

/** Creates the registry and the collectors. */
export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'guildgate_' });
  const duration = new Histogram({
    name: 'guildgate_http_request_duration_seconds',
    help: 'HTTP request duration in seconds, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  return {
    instrument(app) {
      app.addHook('onResponse', async (request, reply) => {
        duration.observe(
          {
            method: request.method,
            // The pattern, never the raw URL: paths carry identity handles and ids.
            route: request.routeOptions.url ?? 'unmatched',
            status_code: String(reply.statusCode),
          },
          reply.elapsedTime / 1000,
        );
      });
    },
    async routes(api) {
      api.get('/metrics', { config: { public: true }, schema: { hide: true } }, async (_request, reply) => {
        void reply.type(registry.contentType);
        return registry.metrics();
      });
    },
  };
}
