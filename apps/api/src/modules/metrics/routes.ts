/**
 * Prometheus metrics (DESIGN.md §8) with prom-client: process metrics, a request-duration histogram
 * (seconds) by method, route pattern and status, and the mail outbox (modules/outbound-mail/outbox.ts): its
 * backlog as gauges read from the store at each scrape, and the delivery attempts of this node by
 * outcome. Served at GET /api/metrics in the text exposition format. Each app has its own registry
 * (tests build several apps in one process).
 *
 * Outbox series: `guildgate_outbox_pending_messages`, `guildgate_outbox_oldest_pending_age_seconds`,
 * `guildgate_outbox_dead_messages` (the whole store's, same on every node),
 * `guildgate_outbox_deliveries_total{outcome="sent|retry|dead"}` (this node's attempts).
 */
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { DeliveryOutcome, OutboxBacklog } from '../outbound-mail/index.ts';

/** One app's metrics. */
export interface Metrics {
  /** Installs the request-duration hook on the root instance (before any route scope). */
  instrument(app: FastifyInstance): void;
  /** Registers GET /metrics on `api` (the /api scope). */
  routes(api: FastifyInstance): Promise<void>;
  /** Counts one delivery attempt of the outbox worker by its outcome (handed to the worker detached). */
  countOutboxDelivery: (outcome: DeliveryOutcome) => void;
}

/** Where {@link createMetrics} reads what it does not count itself. */
export interface MetricsSources {
  /** The outbox backlog (modules/outbound-mail/outbox.ts `outboxBacklog`), read at each scrape. */
  outboxBacklog?: () => Promise<OutboxBacklog>;
}

/** Creates the registry and the collectors. */
export function createMetrics(sources: MetricsSources = {}): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'guildgate_' });
  const duration = new Histogram({
    name: 'guildgate_http_request_duration_seconds',
    help: 'HTTP request duration in seconds, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const deliveries = new Counter({
    name: 'guildgate_outbox_deliveries_total',
    help: "This node's outbox delivery attempts, by outcome (sent, retry = failed and rescheduled, dead = failed the last time)",
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const readBacklog = sources.outboxBacklog;
  if (readBacklog) {
    // One store query per scrape feeds the three gauges (they are collected together); an unreachable
    // store shows as NaN instead of failing the whole scrape.
    let reading: Promise<OutboxBacklog | null> | null = null;
    const backlog = () =>
      (reading ??= readBacklog()
        .catch(() => null)
        .finally(() => setImmediate(() => (reading = null))));
    const gauge = (name: string, help: string, pick: (b: OutboxBacklog) => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        async collect() {
          const current = await backlog();
          this.set(current ? pick(current) : Number.NaN);
        },
      });
    gauge(
      'guildgate_outbox_pending_messages',
      'E-mails waiting in the outbox (first attempt or retry)',
      (b) => b.pending,
    );
    gauge(
      'guildgate_outbox_oldest_pending_age_seconds',
      'Age of the oldest e-mail waiting in the outbox, seconds (0 when none waits)',
      (b) => b.oldestPendingAgeSeconds,
    );
    gauge(
      'guildgate_outbox_dead_messages',
      'E-mails given up after the last attempt, waiting for an operator',
      (b) => b.dead,
    );
  }
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
    countOutboxDelivery: (outcome) => {
      deliveries.inc({ outcome });
    },
  };
}
