/** GET redirect/allowed-redirect-domains (spec §7): the allow-list patterns, for the SPA's check. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { AllowedRedirectDomainsResponseSchema } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { anonymousAuth } from '../../plugins/auth.ts';
import { redirectPatterns } from './allow-list.ts';

/** Registers the redirect routes on the /api scope. */
export async function redirectRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get('/redirect/allowed-redirect-domains', {
    schema: { response: { 200: AllowedRedirectDomainsResponseSchema } },
    onRequest: anonymousAuth(ctx),
    handler: async () => redirectPatterns(ctx),
  });
}
