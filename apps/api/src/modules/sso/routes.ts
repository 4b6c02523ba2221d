/**
 * Routes of the hub's authorization code flow (spec §7 GET oauth; RFC 6749 §4.1; codes.ts): GET oauth,
 * called by the SPA's /oauth page with the anonymous bearer or the player's token, and POST oauth/token,
 * called by a partner site's server with its client credentials in HTTP Basic (docs/partner-api.md; no
 * API key). The token answers follow RFC 6749 §5 and carry our §8 shape too:
 * `{ error, ErrorMessages: [{ Property: '', ErrorMessage }] }`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import formbody from '@fastify/formbody';
import {
  OAuthQuerySchema,
  OAuthResponseSchema,
  OAuthTokenRequestSchema,
  OAuthTokenResponseSchema,
} from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { anonymousAuth } from '../../plugins/auth.ts';
import { authenticateClient, BASIC_CHALLENGE } from '../../plugins/client-auth.ts';
import { sensitiveRateLimit } from '../../plugins/rate-limit.ts';
import { authorize, exchangeCode, OAuthTokenError } from './codes.ts';

/** RFC 6749 §5.2 error answer, in our error shape too. */
function sendTokenError(reply: FastifyReply, status: number, error: string, code: string) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('pragma', 'no-cache')
    .send({ error, ErrorMessages: [{ Property: '', ErrorMessage: code }] });
}

/** Registers GET oauth and POST oauth/token on the /api scope. */
export async function ssoRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/oauth', {
    schema: { querystring: OAuthQuerySchema, response: { 200: OAuthResponseSchema } },
    config: { rateLimit: sensitiveRateLimit(ctx) },
    onRequest: anonymousAuth(ctx),
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const rawQuery = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
      return { RedirectUri: await authorize(ctx, request.query, request.auth, rawQuery) };
    },
  });

  // The token endpoint reads application/x-www-form-urlencoded (RFC 6749 §4.1.3) as well as JSON.
  await app.register(async (scope) => {
    await scope.register(formbody, { bodyLimit: 16_384 });
    scope.withTypeProvider<ZodTypeProvider>().post('/oauth/token', {
      schema: { body: OAuthTokenRequestSchema, response: { 200: OAuthTokenResponseSchema } },
      config: { public: true, rateLimit: sensitiveRateLimit(ctx) },
      handler: async (request: FastifyRequest<{ Body: Record<string, unknown> }>, reply) => {
        let clientId: string;
        try {
          clientId = (await authenticateClient(ctx, request)).clientId;
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          void reply.header('www-authenticate', BASIC_CHALLENGE);
          return sendTokenError(reply, 401, 'invalid_client', 'ERROR_UNAUTHORIZED');
        }
        try {
          const agent = request.headers['user-agent'];
          const answer = await exchangeCode(ctx, clientId, OAuthTokenRequestSchema.parse(request.body), {
            ip: request.ip,
            userAgent: typeof agent === 'string' ? agent : null,
          });
          void reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
          return answer;
        } catch (error) {
          if (!(error instanceof OAuthTokenError)) throw error;
          return sendTokenError(reply, 400, error.error, error.code);
        }
      },
    });
  });
}
