/**
 * The management listener (docs/operations.md "Operator surfaces"; issue 18 §3): what operators and
 * their monitoring read — Prometheus metrics, the OpenAPI document, the liveness and readiness probes —
 * on a port of its own (`MANAGEMENT_PORT`, bound to `MANAGEMENT_HOST`, 127.0.0.1 by default), never on
 * the public listener in production mode. Outside production without a management port, metrics and docs
 * stay at `/api/metrics` and `/api/docs` for convenience ({@link operatorSurfacesOnPublicPort}).
 *
 * Routes: `GET /metrics` (text exposition format), `GET /docs` (OpenAPI JSON), `GET /docs/ui` (Swagger UI,
 * plugins/docs-ui.ts), `GET /health`, `GET /ready` (as `/api/health` and `/api/ready`). No API key: the port itself is the boundary.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/config.ts';
import type { AppContext } from '../../context.ts';
import { registerDocsUi } from '../../plugins/docs-ui.ts';
import { registerErrorHandler } from '../../plugins/error-handler.ts';
import { healthRoutes, type ReadinessCheck } from '../health/index.ts';
import type { Metrics } from '../metrics/index.ts';

/** Are `/api/metrics` and `/api/docs` served on the public port (development without a management port)? */
export function operatorSurfacesOnPublicPort(config: AppConfig): boolean {
  return !config.productionMode && config.management.port === null;
}

/** What the management listener serves, from the public app. */
export interface ManagementSources {
  ctx: AppContext;
  metrics: Metrics;
  /** The readiness probe's checks (the same as the public port's). */
  readinessChecks: ReadinessCheck[];
  /** The public API's OpenAPI document (the public app's `swagger()`). */
  openApi: () => unknown;
}

/**
 * Builds (does not start) the management app; the caller listens on `config.management.port`.
 * @returns a Fastify instance with the routes above, logging through the public app's logger
 */
export async function buildManagementApp({
  ctx,
  metrics,
  readinessChecks,
  openApi,
}: ManagementSources): Promise<FastifyInstance> {
  const app = Fastify({ loggerInstance: ctx.log.child({ listener: 'management' }) });
  registerErrorHandler(app);
  await metrics.routes(app);
  app.get('/docs', async () => openApi());
  await registerDocsUi(app, { routePrefix: '/docs/ui', openApi });
  await healthRoutes(app, ctx, readinessChecks);
  return app;
}
