/**
 * Newsletter calls (spec §7): GET newsletter (list names in the Accept-Language, else the player's saved
 * locale, else English), POST newsletter/optin-user (player; its mail in the player's language), and
 * POST newsletter/unsubscribe (the /unsubscribe page of a signed e-mail link, any bearer).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { ENDPOINTS } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { endpointRoute } from '../../lib/endpoint-routes.ts';
import { anonymousAuth, requireSelf, userAuth } from '../../plugins/auth.ts';
import { sensitiveRateLimit } from '../../plugins/rate-limit.ts';
import { listOptIns, setOptIn, unsubscribe } from './service.ts';
import { requestLocale, varyOnLanguage } from '../../lib/locale.ts';
import { playerAnswerLocale } from '../accounts/index.ts';

/** Registers the newsletter routes on the /api scope. */
export async function newsletterRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const user = userAuth(ctx);

  endpointRoute(r, ENDPOINTS.getNewsletter, {
    onRequest: user,
    handler: async (request, reply) => {
      const auth = requireSelf(request);
      void reply.header('cache-control', 'no-store');
      varyOnLanguage(reply);
      return listOptIns(ctx, auth.userId, await playerAnswerLocale(ctx.db, request, auth.userId));
    },
  });

  endpointRoute(r, ENDPOINTS.postNewsletterOptInUser, {
    config: { rateLimit: sensitiveRateLimit(ctx) },
    onRequest: user,
    handler: async (request) => {
      const auth = requireSelf(request);
      await setOptIn(ctx, auth.userId, request.body, request.ip, requestLocale(request));
      return { Success: true };
    },
  });

  endpointRoute(r, ENDPOINTS.postNewsletterUnsubscribe, {
    config: { rateLimit: sensitiveRateLimit(ctx) },
    onRequest: anonymousAuth(ctx),
    handler: async (request) => {
      await unsubscribe(ctx, request.body.Token, request.ip);
      return { Success: true };
    },
  });
}
