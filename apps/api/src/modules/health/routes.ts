/** GET /api/health (live) and GET /api/ready (store reachable) — DESIGN.md §8. No api key needed. */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';

/** Registers the probes on the /api scope. */
export async function healthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/health', { config: { public: true } }, async () => ({ status: 'ok' }));
  app.get('/ready', { config: { public: true } }, async (_request, reply) => {
    try {
      await sql`select 1`.execute(ctx.db);
      return { status: 'ready' };
    } catch {
      return reply
        .code(503)
        .send({ ErrorMessages: [{ Property: '', ErrorMessage: 'ERROR_SERVICE_UNAVAILABLE' }] });
    }
  });
}
