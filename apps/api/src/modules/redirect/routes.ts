/** GET redirect/allowed-redirect-domains (spec §7): the allow-list patterns, for the SPA's check. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { ENDPOINTS } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { endpointRoute } from '../../lib/endpoint-routes.ts';
import { anonymousAuth } from '../../plugins/auth.ts';
import { redirectPatterns } from './allow-list.ts';

/** Registers the redirect routes on the /api scope. */
export async function redirectRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  endpointRoute(app.withTypeProvider<ZodTypeProvider>(), ENDPOINTS.getRedirectAllowedRedirectDomains, {
    onRequest: anonymousAuth(ctx),
    handler: async () => redirectPatterns(ctx),
  });
}
