/**
 * GET register/form-token (the register page's token, form-token.ts), POST register/new-user and POST
 * register/verify (spec §7 Registration).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { ENDPOINTS } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { endpointRoute } from '../../lib/endpoint-routes.ts';
import { anonymousAuth } from '../../plugins/auth.ts';
import { sensitiveRateLimit } from '../../plugins/rate-limit.ts';
import { badRequest } from '../../lib/errors.ts';
import { confirmEmail } from '../email-address/index.ts';
import { registerPlayer } from './service.ts';
import { issueFormToken } from './form-token.ts';
import { ipBanGuard } from '../bans/index.ts';
import { requestLocale } from '../../lib/locale.ts';

/** Registers the register routes on the /api scope. */
export async function registerRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const anonymous = anonymousAuth(ctx);

  endpointRoute(r, ENDPOINTS.getRegisterFormToken, {
    config: { rateLimit: sensitiveRateLimit(ctx) },
    onRequest: anonymous,
    handler: async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      const { token, expiresIn } = issueFormToken(ctx);
      return { FormToken: token, ExpiresIn: expiresIn };
    },
  });

  endpointRoute(r, ENDPOINTS.postRegisterNewUser, {
    config: { rateLimit: sensitiveRateLimit(ctx) },
    onRequest: anonymous,
    preHandler: ipBanGuard(ctx, 'ERROR_USER_IP_BANNED_REGISTER'),
    handler: async (request, reply) => {
      await registerPlayer(ctx, request.body, request.ip, requestLocale(request));
      return reply.code(201).send({ Success: true });
    },
  });

  endpointRoute(r, ENDPOINTS.postRegisterVerify, {
    config: { rateLimit: sensitiveRateLimit(ctx) },
    onRequest: anonymous,
    handler: async (request) => {
      if (!request.body.VerificationCode)
        throw badRequest('ERROR_VERIFICATION_CODE_EMPTY', 'VerificationCode');
      return confirmEmail(ctx, request.body.VerificationCode, 'VerificationCode', request.ip);
    },
  });
}
