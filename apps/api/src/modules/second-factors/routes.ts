/**
 * Routes of the second-factors module (issue 22 §1, §2; enrolment.ts), user bearer, the caller's own
 * account, rate-limited per IP, 404 ERROR_NOT_FOUND with the `authenticatorApp` flag off:
 * GET account/second-factors, POST account/second-factors/totp, POST account/second-factors/totp/confirm,
 * POST account/second-factors/totp/remove, POST account/second-factors/recovery-codes. The log-in's
 * POST log/second-factor is the session module's (session/routes.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
  // Every call: the caller's own account, rate-limited per IP; answers never cached.
  const own = {
    config: { rateLimit: sensitiveRateLimit(ctx) },
    onRequest: userAuth(ctx),
  };
  // Checks before the handler, in order: the section's flag (404), then a recent re-authentication.
  const noStore = async (_request: FastifyRequest, reply: FastifyReply) => {
    void reply.header('cache-control', 'no-store');
  };
  const appOn = async () => requireAuthenticatorApp(ctx);
  const factorsOn = async () => requireSecondFactors(ctx);
  const passkeysOn = async () => requirePasskeys(ctx);
  const recent = async (request: FastifyRequest) => requireRecentAuthentication(ctx, requireSelf(request));

  endpointRoute(r, ENDPOINTS.getAccountSecondFactors, {
    ...own,
    preHandler: [noStore],
    handler: async (request) => secondFactorsStatus(ctx, requireSelf(request)),
  });

  endpointRoute(r, ENDPOINTS.postAccountSecondFactorsTotp, {
    ...own,
    preHandler: [appOn, recent, noStore],
    handler: async (request) => startTotpEnrolment(ctx, requireSelf(request)),
  });

  endpointRoute(r, ENDPOINTS.postAccountSecondFactorsTotpConfirm, {
    ...own,
    preHandler: [noStore],
    handler: async (request) => confirmTotp(ctx, requireSelf(request), request.body.Code, originOf(request)),
  });

  endpointRoute(r, ENDPOINTS.postAccountSecondFactorsTotpRemove, {
    ...own,
    preHandler: [appOn, recent],
    handler: async (request) => {
      await removeTotp(ctx, requireSelf(request), originOf(request));
      return { Success: true };
    },
  });

  endpointRoute(r, ENDPOINTS.postAccountSecondFactorsRecoveryCodes, {
    ...own,
    preHandler: [factorsOn, recent, noStore],
    handler: async (request) => regenerateRecoveryCodes(ctx, requireSelf(request), originOf(request)),
  });

  endpointRoute(r, ENDPOINTS.getAccountPasskeys, {
    ...own,
    preHandler: [noStore],
    handler: async (request) => listAccountPasskeys(ctx, requireSelf(request)),
  });

  endpointRoute(r, ENDPOINTS.postAccountPasskeysRegistrationOptions, {
    ...own,
    preHandler: [passkeysOn, recent, noStore],
    handler: async (request) => ({ Options: await startPasskeyRegistration(ctx, requireSelf(request)) }),
  });

  endpointRoute(r, ENDPOINTS.postAccountPasskeys, {
    ...own,
    preHandler: [passkeysOn, recent, noStore],
    handler: async (request) => {
      const { Name, Response } = request.body;
      return registerPasskey(ctx, requireSelf(request), Name, Response, originOf(request));
    },
  });

  endpointRoute(r, ENDPOINTS.postAccountPasskeysRename, {
    ...own,
    handler: async (request) => {
      await renameAccountPasskey(ctx, requireSelf(request), request.params.passkeyId, request.body.Name);
      return { Success: true };
    },
  });

  endpointRoute(r, ENDPOINTS.postAccountPasskeysRemove, {
    ...own,
    preHandler: [passkeysOn, recent],
    handler: async (request) => {
      const { passkeyId } = request.params;
      await removeAccountPasskey(ctx, requireSelf(request), passkeyId, originOf(request));
      return { Success: true };
    },
  });
}
