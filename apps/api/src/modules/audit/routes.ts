/**
 * The audit module's one call (issue 22 §7 "Recent activity"; activity.ts): GET account/activity, user
 * bearer, the caller's own events only, rate-limited per IP, `Cache-Control: no-store`; 404
 * ERROR_NOT_FOUND with the `securityActivity` flag off, 400 ERROR_ACTIVITY_CURSOR_INVALID or
 * ERROR_FIELD_INVALID for a bad query.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { ENDPOINTS } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { endpointRoute } from '../../lib/endpoint-routes.ts';
import { requireSelf, userAuth } from '../../plugins/auth.ts';
import { sensitiveRateLimit } from '../../plugins/rate-limit.ts';
import { recentActivity } from './activity.ts';

/** Registers the audit routes on `app`, the /api scope. */
export async function auditRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  endpointRoute(r, ENDPOINTS.getAccountActivity, {
    config: { rateLimit: sensitiveRateLimit(ctx) },
    onRequest: userAuth(ctx),
    handler: async (request, reply) => {
      const auth = requireSelf(request);
      void reply.header('cache-control', 'no-store');
      return recentActivity(ctx, auth.userId, request.query);
    },
  });
}
