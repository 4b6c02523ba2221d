/**
 * Routes of the partner studios' sign-on (spec §7 Login, logout, partner): POST partner/login-url,
 * POST partner/{partner}/login-url (creative-assembly, focus, or the runtime configuration's partner
 * name), GET partner/{partner}/register-url, GET focus/oauth/partner, GET creativeassembly/oauth/partner,
 * GET partner/log-in, POST partner/user/register, GET partner/user/{created}/log-in. All are anonymous
 * calls (the anonymous bearer and the API key); see sign-on.ts and registration.ts for the flow.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { ENDPOINTS, type PartnerCallbackQuery } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { endpointRoute } from '../../lib/endpoint-routes.ts';
import type { PartnerKey } from '../../config/config.ts';
import { badRequest } from '../../lib/errors.ts';
import { anonymousAuth } from '../../plugins/auth.ts';
import { sensitiveRateLimit } from '../../plugins/rate-limit.ts';
import { ipBanGuard } from '../bans/index.ts';
import { findUserByIdUser } from '../accounts/index.ts';
import { logInWithTicket, registerPartnerPlayer } from './registration.ts';
import { requestLocale } from '../../lib/locale.ts';
import { completeSignOn, partnerKeyOf, startSignOn } from './sign-on.ts';

function originOf(request: FastifyRequest) {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent : null };
}

/** The partner of a path parameter. @throws 400 ERROR_PARTNER_UNKNOWN */
function requirePartner(value: string): PartnerKey {
  const partner = partnerKeyOf(value);
  if (!partner) throw badRequest('ERROR_PARTNER_UNKNOWN');
  return partner;
}

/** Registers the partner sign-on routes on the /api scope. */
export async function partnerRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const anonymous = anonymousAuth(ctx);
  const limited = { rateLimit: sensitiveRateLimit(ctx) };
  const loginBan = ipBanGuard(ctx, 'ERROR_USER_IP_BANNED_LOGIN');

  endpointRoute(r, ENDPOINTS.postPartnerLoginUrl, {
    config: limited,
    onRequest: anonymous,
    preHandler: loginBan,
    handler: async (request) => {
      // The identified player of the LoginPartner view (spec §2): their own partner, from the store.
      const user = request.body.Id_User ? await findUserByIdUser(ctx.db, request.body.Id_User) : undefined;
      const partner = user?.auth_type === 2 ? partnerKeyOf(user.auth_partner) : null;
      if (!user || !partner) throw badRequest('ERROR_PARTNER_UNKNOWN');
      const URL = await startSignOn(ctx, partner, {
        clientId: request.query.clientId,
        extra: { login_hint: user.username },
      });
      return { URL };
    },
  });

  endpointRoute(r, ENDPOINTS.postPartnerNameLoginUrl, {
    config: limited,
    onRequest: anonymous,
    preHandler: loginBan,
    handler: async (request) => {
      const partner = requirePartner(request.params.partner);
      return { URL: await startSignOn(ctx, partner, { clientId: request.body.ClientId }) };
    },
  });

  endpointRoute(r, ENDPOINTS.getPartnerNameRegisterUrl, {
    config: limited,
    onRequest: anonymous,
    preHandler: ipBanGuard(ctx, 'ERROR_USER_IP_BANNED_REGISTER'),
    handler: async (request) => {
      const partner = requirePartner(request.params.partner);
      // The partner's sign-in page opens on its sign-up form (the screen_hint convention).
      return { URL: await startSignOn(ctx, partner, { extra: { screen_hint: 'signup' } }) };
    },
  });

  const callback = (expected: PartnerKey | null) => ({
    config: limited,
    onRequest: anonymous,
    preHandler: loginBan,
    handler: async (request: FastifyRequest<{ Querystring: PartnerCallbackQuery }>) =>
      completeSignOn(ctx, request.query, expected, originOf(request)),
  });
  endpointRoute(r, ENDPOINTS.getFocusOAuthPartner, callback('focus'));
  endpointRoute(r, ENDPOINTS.getCreativeAssemblyOAuthPartner, callback('creative-assembly'));
  endpointRoute(r, ENDPOINTS.getPartnerLogIn, callback(null));

  endpointRoute(r, ENDPOINTS.postPartnerUserRegister, {
    config: limited,
    onRequest: anonymous,
    preHandler: ipBanGuard(ctx, 'ERROR_USER_IP_BANNED_REGISTER'),
    handler: async (request) => ({
      Created: await registerPartnerPlayer(ctx, request.body, request.ip, requestLocale(request)),
    }),
  });

  endpointRoute(r, ENDPOINTS.getPartnerUserLogIn, {
    config: limited,
    onRequest: anonymous,
    preHandler: loginBan,
    handler: async (request) => ({
      Created: await logInWithTicket(ctx, request.params.created, originOf(request)),
    }),
  });
}
