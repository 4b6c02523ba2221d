/**
 * Routes of the second-factors module (issue 22 §1, §2; enrolment.ts), user bearer, the caller's own
 * account, rate-limited per IP, 404 ERROR_NOT_FOUND with the `authenticatorApp` flag off:
 * GET account/second-factors, POST account/second-factors/totp, POST account/second-factors/totp/confirm,
 * POST account/second-factors/totp/remove, POST account/second-factors/recovery-codes. The log-in's
 * POST log/second-factor is the session module's (session/routes.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { ENDPOINTS } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { endpointRoute } from '../../lib/endpoint-routes.ts';
import { requestLocale } from '../../lib/locale.ts';
import { requireSelf, userAuth } from '../../plugins/auth.ts';
import { sensitiveRateLimit } from '../../plugins/rate-limit.ts';
import {
  confirmTotp,
  regenerateRecoveryCodes,
  removeTotp,
  requireAuthenticatorApp,
  secondFactorsStatus,
  startTotpEnrolment,
  type Origin,
} from './enrolment.ts';
import {
  listAccountPasskeys,
  registerPasskey,
  removeAccountPasskey,
  renameAccountPasskey,
  startPasskeyRegistration,
} from './passkeys.ts';
import { requirePasskeys, requireSecondFactors } from './factors.ts';

/** The request's address, user agent and language (enrolment.ts `Origin`: audit and alert). */
function originOf(request: FastifyRequest): Origin {
  const agent = request.headers['user-agent'];
  return {
    ip: request.ip,
    userAgent: typeof agent === 'string' ? agent : null,
    locale: requestLocale(request),
  };
}

/**
 * The session module's re-authentication check (session/reauthentication.ts), given by app.ts: this
 * module sits below the session module in the module graph, which uses it at log-in.
 * @throws 400 ERROR_REAUTHENTICATION_REQUIRED
 */
export type RequireRecentAuthentication = (ctx: AppContext, auth: { authTime: string | null }) => void;

/** Registers the second-factor routes on the /api scope. */
export async function secondFactorRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  requireRecentAuthentication: RequireRecentAuthentication,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const user = userAuth(ctx);
  const limited = { rateLimit: sensitiveRateLimit(ctx) };

  endpointRoute(r, ENDPOINTS.getAccountSecondFactors, {
    config: limited,
    onRequest: user,
    handler: async (request, reply) => {
      const auth = requireSelf(request);
      void reply.header('cache-control', 'no-store');
      return secondFactorsStatus(ctx, auth);
    },
  });

  endpointRoute(r, ENDPOINTS.postAccountSecondFactorsTotp, {
    config: limited,
    onRequest: user,
    handler: async (request, reply) => {
      const auth = requireSelf(request);
      requireAuthenticatorApp(ctx);
      requireRecentAuthentication(ctx, auth);
      void reply.header('cache-control', 'no-store');
      return startTotpEnrolment(ctx, auth);
    },
  });

  endpointRoute(r, ENDPOINTS.postAccountSecondFactorsTotpConfirm, {
    config: limited,
    onRequest: user,
    handler: async (request, reply) => {
      const auth = requireSelf(request);
      void reply.header('cache-control', 'no-store');
      return confirmTotp(ctx, auth, request.body.Code, originOf(request));
    },
  });

  endpointRoute(r, ENDPOINTS.postAccountSecondFactorsTotpRemove, {
    config: limited,
    onRequest: user,
    handler: async (request) => {
      const auth = requireSelf(request);
      requireAuthenticatorApp(ctx);
      requireRecentAuthentication(ctx, auth);
      await removeTotp(ctx, auth, originOf(request));
      return { Success: true };
    },
  });

  endpointRoute(r, ENDPOINTS.postAccountSecondFactorsRecoveryCodes, {
    config: limited,
    onRequest: user,
    handler: async (request, reply) => {
      const auth = requireSelf(request);
      requireSecondFactors(ctx);
      requireRecentAuthentication(ctx, auth);
      void reply.header('cache-control', 'no-store');
      return regenerateRecoveryCodes(ctx, auth, originOf(request));
    },
  });

  endpointRoute(r, ENDPOINTS.getAccountPasskeys, {
    config: limited,
    onRequest: user,
    handler: async (request, reply) => {
      const auth = requireSelf(request);
      void reply.header('cache-control', 'no-store');
      return listAccountPasskeys(ctx, auth);
    },
  });

  endpointRoute(r, ENDPOINTS.postAccountPasskeysRegistrationOptions, {
    config: limited,
    onRequest: user,
    handler: async (request, reply) => {
      const auth = requireSelf(request);
      requirePasskeys(ctx);
      requireRecentAuthentication(ctx, auth);
      void reply.header('cache-control', 'no-store');
      return { Options: await startPasskeyRegistration(ctx, auth) };
    },
  });

  endpointRoute(r, ENDPOINTS.postAccountPasskeys, {
    config: limited,
    onRequest: user,
    handler: async (request, reply) => {
      const auth = requireSelf(request);
      requirePasskeys(ctx);
      requireRecentAuthentication(ctx, auth);
      void reply.header('cache-control', 'no-store');
      const { Name, Response } = request.body;
      return registerPasskey(ctx, auth, Name, Response, originOf(request));
    },
  });

  endpointRoute(r, ENDPOINTS.postAccountPasskeysRename, {
    config: limited,
    onRequest: user,
    handler: async (request) => {
      const auth = requireSelf(request);
      await renameAccountPasskey(ctx, auth, request.params.passkeyId, request.body.Name);
      return { Success: true };
    },
  });

  endpointRoute(r, ENDPOINTS.postAccountPasskeysRemove, {
    config: limited,
    onRequest: user,
    handler: async (request) => {
      const auth = requireSelf(request);
      requirePasskeys(ctx);
      requireRecentAuthentication(ctx, auth);
      await removeAccountPasskey(ctx, auth, request.params.passkeyId, originOf(request));
      return { Success: true };
    },
  });
}
