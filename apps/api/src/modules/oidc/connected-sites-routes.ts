/**
 * The connected-sites calls of the account area (issue 21 §4), on the /api scope with the api key and
 * the player's bearer, rate-limited per IP (RATE_LIMIT_PER_MINUTE):
 * - GET account/connected-sites → 200 `ConnectedSite[]` (contracts), the caller's own sites;
 * - POST account/connected-sites/{clientId}/remove → 200 `{ Success: true }`; 400
 *   ERROR_CONNECTED_SITE_UNKNOWN (no live grant of the caller to that site) or ERROR_FIELD_INVALID.
 * The service is connected-sites.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { ENDPOINTS } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { endpointRoute } from '../../lib/endpoint-routes.ts';
import { requireSelf, userAuth } from '../../plugins/auth.ts';
import { sensitiveRateLimit } from '../../plugins/rate-limit.ts';
import { connectedSitesOf, removeConnectedSite } from './connected-sites.ts';

/** Registers the connected-sites routes on `app`, the /api scope. */
export async function connectedSitesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const user = userAuth(ctx);
  const limited = { rateLimit: sensitiveRateLimit(ctx) };

  endpointRoute(r, ENDPOINTS.getAccountConnectedSites, {
    config: limited,
    onRequest: user,
    handler: async (request, reply) => {
      const auth = requireSelf(request);
      void reply.header('cache-control', 'no-store');
      return connectedSitesOf(ctx, auth.idUser);
    },
  });

  endpointRoute(r, ENDPOINTS.postAccountConnectedSitesRemove, {
    config: limited,
    onRequest: user,
    handler: async (request, reply) => {
      const auth = requireSelf(request);
      await removeConnectedSite(
        ctx,
        { id: auth.userId, idUser: auth.idUser },
        request.params.clientId,
        request.ip,
      );
      void reply.header('cache-control', 'no-store');
      return { Success: true };
    },
  });
}
