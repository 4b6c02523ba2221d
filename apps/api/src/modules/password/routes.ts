/**
 * Password calls (spec §7): POST password/password-reset (the signed-in player), POST
 * password/password-recovery and POST password/password-recovery-validation (anonymous), and POST
 * password/password-recovery-check (anonymous, not in the spec: the reset page checks its link without
 * using it), rate-limited and IP-ban guarded like its siblings; and POST account/secure (anonymous, issue
 * 22 §6: the "This wasn't me" link of the security alerts, which starts a recovery), registered only with
 * the `securityAlerts` flag (404 otherwise).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { ENDPOINTS } from '@guildgate/contracts';
import { requestLocale } from '../../lib/locale.ts';
import type { AppContext } from '../../context.ts';
import { endpointRoute } from '../../lib/endpoint-routes.ts';
import { anonymousAuth, requireSelf, userAuth } from '../../plugins/auth.ts';
import { sensitiveRateLimit } from '../../plugins/rate-limit.ts';
import { resetAccountPassword } from './account-reset.ts';
import { checkRecoveryLink, requestPasswordRecovery, resetRecoveredPassword } from './recovery.ts';
import { secureAccount } from './secure-account.ts';
import { securityAlertsEnabled, type EventRequest } from '../security-alerts/index.ts';

/** Where a request comes from, for a security alert: IP, user agent, Accept-Language. */
function eventRequestOf(request: FastifyRequest): EventRequest {
  const userAgent = request.headers['user-agent'];
  return {
    ip: request.ip,
    userAgent: typeof userAgent === 'string' ? userAgent : null,
    locale: requestLocale(request),
  };
}
import { ipBanGuard } from '../bans/index.ts';

/** Registers the password routes on the /api scope. */
export async function passwordRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  endpointRoute(r, ENDPOINTS.postPasswordPasswordReset, {
    config: { rateLimit: sensitiveRateLimit(ctx) },
    onRequest: userAuth(ctx),
    handler: async (request) => {
      const auth = requireSelf(request);
      await resetAccountPassword(ctx, auth, request.body, eventRequestOf(request));
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
      await resetRecoveredPassword(ctx, request.body, eventRequestOf(request));
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

  if (securityAlertsEnabled(ctx)) {
    endpointRoute(r, ENDPOINTS.postAccountSecure, {
      config: { rateLimit: sensitiveRateLimit(ctx) },
      onRequest: anonymousAuth(ctx),
      preHandler: ipBanGuard(ctx, 'ERROR_USER_IP_BANNED'),
      handler: async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        return secureAccount(ctx, request.body.Token, request.ip, requestLocale(request));
      },
    });
  }
}
