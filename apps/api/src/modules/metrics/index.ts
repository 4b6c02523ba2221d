/** The metrics module's public surface (DESIGN.md §8; GET /api/metrics on the management port). */
export { createMetrics, type Metrics, type MetricsSources } from './routes.ts';
