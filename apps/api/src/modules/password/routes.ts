/**
 * Password calls (spec §7): POST password/password-reset (the signed-in player), POST
 * password/password-recovery and POST password/password-recovery-validation (anonymous), and POST
 * password/password-recovery-check (anonymous, not in the spec: the reset page checks its link without
 * using it), rate-limited and IP-ban guarded like its siblings.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { ENDPOINTS } from '@guildgate/contracts';
import { requestLocale } from '../../lib/locale.ts';
import type { AppContext } from '../../context.ts';
import { endpointRoute } from '../../lib/endpoint-routes.ts';
import { anonymousAuth, requireSelf, userAuth } from '../../plugins/auth.ts';
import { sensitiveRateLimit } from '../../plugins/rate-limit.ts';
import { resetAccountPassword } from './account-reset.ts';
import { checkRecoveryLink, requestPasswordRecovery, resetRecoveredPassword } from './recovery.ts';
import { ipBanGuard } from '../bans/index.ts';

/** Registers the password routes on the /api scope. */
export async function passwordRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  endpointRoute(r, ENDPOINTS.postPasswordPasswordReset, {
    config: { rateLimit: sensitiveRateLimit(ctx) },
    onRequest: userAuth(ctx),
    handler: async (request) => {
      const auth = requireSelf(request);
      await resetAccountPassword(ctx, auth, request.body, request.ip);
      return { Success: true };
    },
  });

  endpointRoute(r, ENDPOINTS.postPasswordPasswordRecovery, {
    config: { rateLimit: sensitiveRateLimit(ctx) },
    onRequest: anonymousAuth(ctx),
    preHandler: ipBanGuard(ctx, 'ERROR_USER_IP_BANNED'),
    handler: async (request) => {
      await requestPasswordRecovery(ctx, request.body.Email, request.ip, requestLocale(request));
      return { Success: true };
    },
  });

  endpointRoute(r, ENDPOINTS.postPasswordPasswordRecoveryValidation, {
    config: { rateLimit: sensitiveRateLimit(ctx) },
    onRequest: anonymousAuth(ctx),
    preHandler: ipBanGuard(ctx, 'ERROR_USER_IP_BANNED'),
    handler: async (request) => {
      await resetRecoveredPassword(ctx, request.body, request.ip);
      return { Success: true };
    },
  });

  endpointRoute(r, ENDPOINTS.postPasswordPasswordRecoveryCheck, {
    config: { rateLimit: sensitiveRateLimit(ctx) },
    onRequest: anonymousAuth(ctx),
    preHandler: ipBanGuard(ctx, 'ERROR_USER_IP_BANNED'),
    handler: async (request) => {
      await checkRecoveryLink(ctx, request.body.Token);
      return { Success: true };
    },
  });
}
