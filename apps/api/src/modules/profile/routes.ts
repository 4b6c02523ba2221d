/**
 * GET profile/user/{id}?include=Block, GET profile/connects, POST profile/user/{userId}/update-username,
 * POST profile/user/{userId}/update-email (spec §7; §3 User, Connection; §2 Update username, Update
 * email) and POST profile/user/{userId}/update-locale (the saved language, issue 19 §7).
 * A player reads and changes only their own profile (403 otherwise).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { ENDPOINTS } from '@guildgate/contracts';
import { requestLocale } from '../../lib/locale.ts';
import type { AppContext } from '../../context.ts';
import { endpointRoute } from '../../lib/endpoint-routes.ts';
import { requireSelf, userAuth } from '../../plugins/auth.ts';
import { sensitiveRateLimit } from '../../plugins/rate-limit.ts';
import { updateUsername } from './username.ts';
import { saveLocale } from './locale.ts';
import { requestEmailUpdate } from '../email-address/index.ts';
import { loadConnections, loadUser } from './service.ts';

/** Registers the profile routes on the /api scope. */
export async function profileRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const user = userAuth(ctx);

  endpointRoute(r, ENDPOINTS.getProfileUser, {
    onRequest: user,
    handler: async (request, reply) => {
      const auth = requireSelf(request, request.params.id);
      void reply.header('cache-control', 'no-store');
      const include = (request.query.include ?? '').split(',').map((s) => s.trim().toLowerCase());
      return loadUser(ctx, auth.userId, include.includes('block'));
    },
  });

  endpointRoute(r, ENDPOINTS.postProfileUserUpdateUsername, {
    config: { rateLimit: sensitiveRateLimit(ctx) },
    onRequest: user,
    handler: async (request) => {
      const auth = requireSelf(request, request.params.id);
      await updateUsername(ctx, auth.userId, request.body.Username, request.ip);
      return { Success: true };
    },
  });

  endpointRoute(r, ENDPOINTS.postProfileUserUpdateLocale, {
    onRequest: user,
    handler: async (request, reply) => {
      const auth = requireSelf(request, request.params.id);
      await saveLocale(ctx, auth.userId, request.body.Locale);
      void reply.header('cache-control', 'no-store');
      return { Success: true };
    },
  });

  endpointRoute(r, ENDPOINTS.postProfileUserUpdateEmail, {
    config: { rateLimit: sensitiveRateLimit(ctx) },
    onRequest: user,
    handler: async (request) => {
      const auth = requireSelf(request, request.params.id);
      await requestEmailUpdate(ctx, auth, request.body, request.ip, requestLocale(request));
      return { Success: true };
    },
  });

  endpointRoute(r, ENDPOINTS.getProfileConnects, {
    onRequest: user,
    handler: async (request, reply) => {
      const auth = requireSelf(request);
      void reply.header('cache-control', 'no-store');
      return loadConnections(ctx, auth.userId);
    },
  });
}
