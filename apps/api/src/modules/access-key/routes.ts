/** POST accesskey/validate (spec §7 Registration, recovery, email; §2 /access-key). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { ENDPOINTS } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { endpointRoute } from '../../lib/endpoint-routes.ts';
import { anonymousAuth } from '../../plugins/auth.ts';
import { sensitiveRateLimit } from '../../plugins/rate-limit.ts';
import { validateAccessKey } from './service.ts';
import { ipBanGuard } from '../bans/index.ts';

/** Registers the access-key route on the /api scope. */
export async function accessKeyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  endpointRoute(r, ENDPOINTS.postAccessKeyValidate, {
    config: { rateLimit: sensitiveRateLimit(ctx) },
    onRequest: anonymousAuth(ctx),
    preHandler: ipBanGuard(ctx, 'ERROR_USER_IP_BANNED'),
    handler: async (request) => {
      await validateAccessKey(ctx, request.body.Value);
      return { Success: true };
    },
  });
}
