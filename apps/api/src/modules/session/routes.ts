/**
 * Routes of the session domain (spec §7): POST log/identify, POST log/log-in,
 * POST log/user/{id}/log-in, GET token/{identity}, GET token/refresh, GET token/verify,
 * POST log/user/{id}/log-out. With the captcha flag on, the three log-in calls need a reCAPTCHA token of
 * the action login (spec §4, §5 Captcha).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { ENDPOINTS } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { endpointRoute } from '../../lib/endpoint-routes.ts';
import { anonymousAuth, authenticateToken, requireSelf, userAuth } from '../../plugins/auth.ts';
import {
  authenticatedClientOf,
  clientOrAnonymousAuth,
  requireClientAuthentication,
} from '../../plugins/client-auth.ts';
import { badRequest } from '../../lib/errors.ts';
import { audit } from '../../lib/audit.ts';
import { identify, logIn, logInUser, type LoginRequest } from './login.ts';
import { deviceCookieName, setDeviceCookie } from './device-cookies.ts';
import { refreshTokens, revokeSession, tokenForIdentity } from './sessions.ts';
import { sensitiveRateLimit } from '../../plugins/rate-limit.ts';
import { ipBanGuard } from '../bans/ip-bans.ts';
import { captchaEnabled, requireCaptcha } from '../captcha/verify.ts';

/**
 * A log-in request (login.ts): its address and user agent (recorded on the session it opens), its
 * known-device cookies, and its captcha token — already verified by the route when the flag is on.
 */
function loginRequestOf(
  ctx: AppContext,
  request: FastifyRequest,
  token: string | null | undefined,
): LoginRequest {
  return {
    ip: request.ip,
    userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
    deviceTokenFor: (idUser) => request.cookies[deviceCookieName(idUser)],
    captcha: { token, verified: captchaEnabled(ctx) },
  };
}

/** Registers the session routes on the /api scope. */
export async function sessionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const anonymous = anonymousAuth(ctx);
  const user = userAuth(ctx);

  endpointRoute(r, ENDPOINTS.postLogIdentify, {
    config: { rateLimit: sensitiveRateLimit(ctx) },
    onRequest: anonymous,
    preHandler: ipBanGuard(ctx, 'ERROR_USER_IP_BANNED'),
    handler: async (request) => {
      await requireCaptcha(ctx, request.body.Token, 'login', request.ip);
      return identify(ctx, request.body.UsernameOrEmail);
    },
  });

  endpointRoute(r, ENDPOINTS.postLogLogIn, {
    config: { rateLimit: sensitiveRateLimit(ctx) },
    onRequest: anonymous,
    preHandler: ipBanGuard(ctx, 'ERROR_USER_IP_BANNED'),
    handler: async (request, reply) => {
      const { UsernameOrEmail, Password, Token } = request.body;
      await requireCaptcha(ctx, Token, 'login', request.ip);
      const loggedIn = await logIn(ctx, UsernameOrEmail, Password, loginRequestOf(ctx, request, Token));
      await setDeviceCookie(ctx, reply, loggedIn.idUser);
      return { Created: loggedIn.created };
    },
  });

  endpointRoute(r, ENDPOINTS.postLogUserLogIn, {
    config: { rateLimit: sensitiveRateLimit(ctx) },
    onRequest: anonymous,
    preHandler: ipBanGuard(ctx, 'ERROR_USER_IP_BANNED'),
    handler: async (request, reply) => {
      const { Password, Token } = request.body;
      await requireCaptcha(ctx, Token, 'login', request.ip);
      const loggedIn = await logInUser(ctx, request.params.id, Password, loginRequestOf(ctx, request, Token));
      await setDeviceCookie(ctx, reply, loggedIn.idUser);
      return { Created: loggedIn.created };
    },
  });

  endpointRoute(r, ENDPOINTS.getTokenIdentity, {
    onRequest: anonymous,
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return tokenForIdentity(ctx, request.params.identity);
    },
  });

  // A partner's server authenticates its client with HTTP Basic here; the SPA sends the anonymous bearer.
  const clientOrAnonymous = clientOrAnonymousAuth(ctx, anonymous);

  endpointRoute(r, ENDPOINTS.getTokenRefresh, {
    onRequest: clientOrAnonymous,
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      await requireClientAuthentication(ctx, request, request.query.client_id);
      return refreshTokens(ctx, request.query);
    },
  });

  endpointRoute(r, ENDPOINTS.getTokenVerify, {
    onRequest: clientOrAnonymous,
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const { client_id, access_token } = request.query;
      if (!client_id || !access_token) throw badRequest('ERROR_TOKEN_INVALID');
      const client = authenticatedClientOf(request);
      if (client && client.clientId !== client_id) throw badRequest('ERROR_TOKEN_INVALID');
      const auth = await authenticateToken(ctx, access_token, client_id);
      if (!auth) throw badRequest('ERROR_TOKEN_INVALID');
      const user = await ctx.db
        .selectFrom('users')
        .select('username')
        .where('id', '=', auth.userId)
        .executeTakeFirst();
      if (!user) throw badRequest('ERROR_TOKEN_INVALID');
      return {
        ExpiresIn: Math.max(0, auth.expiresAt - Math.floor(Date.now() / 1000)),
        Id_User: auth.idUser,
        Username: user.username,
      };
    },
  });

  endpointRoute(r, ENDPOINTS.postLogUserLogOut, {
    onRequest: user,
    handler: async (request) => {
      const auth = requireSelf(request, request.params.id);
      await revokeSession(ctx, auth.sessionId);
      await audit(ctx, auth.userId, 'session.logged_out', request.ip);
      const row = await ctx.db
        .selectFrom('users')
        .select('auth_partner')
        .where('id', '=', auth.userId)
        .executeTakeFirst();
      return { CookieName: row?.auth_partner ? partnerCookieName(row.auth_partner) : null };
    },
  });
}

/** The partner studio's session cookie on the main domain (spec §4 Logout), e.g. `_g2g_partner_focus_`. */
export function partnerCookieName(partner: string): string {
  return `_g2g_partner_${partner.toLowerCase().replace(/[^a-z0-9]+/g, '_')}_`;
}
