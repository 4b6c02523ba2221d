/**
 * Cookie consent routes (spec §7 "Cookies, profile"; §4 Cookie consent; §3 Cookie category): GET
 * cookie, GET cookie/user/{id}, POST cookie/user/{id}/accept-all, POST cookie/user/{id}/set-cookie
 * and POST profile/user/{id}/see-cookie-popup. A player reads and changes only their own choices
 * (403 otherwise); errors answer the spec §8 shape.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { ENDPOINTS } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { endpointRoute } from '../../lib/endpoint-routes.ts';
import { anonymousAuth, requireSelf, userAuth } from '../../plugins/auth.ts';
import { varyOnLanguage } from '../../lib/locale.ts';
import { playerAnswerLocale } from '../accounts/index.ts';
import { acceptAllCookies, listCookieCategories, markCookiePopupSeen, setCookieConsent } from './service.ts';

/**
 * Registers the cookie routes on the /api scope:
 * - GET cookie (anonymous bearer or player token) → 200 the categories `{ Id, CanonicalName, Name,
 *   Description, IsActive, IsOptional, IsAccepted }[]`, IsAccepted false for optional ones and true
 *   otherwise; Name and Description in the Accept-Language, else the saved locale of a player's token,
 *   else English (`Vary: Accept-Language`; lib/locale.ts).
 * - GET cookie/user/{id} (player bearer) → 200 the same list with the player's IsAccepted, in the
 *   Accept-Language, else the player's saved locale, else English (lib/locale.ts).
 * - POST cookie/user/{id}/accept-all `{ IsAllReject }` → 200 `{ Success: true }`.
 * - POST cookie/user/{id}/set-cookie `{ Id_Cookie, IsAccepted }` → 200 `{ Success: true }`; 400
 *   ERROR_COOKIE_NOTEXISTS (Id_Cookie) / ERROR_COOKIE_NOT_OPTIONAL (IsAccepted).
 * - POST profile/user/{id}/see-cookie-popup (empty body) → 200 `{ Success: true }`.
 * Every player call: 401 without a valid player bearer, 403 ERROR_FORBIDDEN for another player's id,
 * 400 ERROR_FIELD_INVALID / ERROR_REQUEST_INVALID for a malformed body.
 */
export async function cookieRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const user = userAuth(ctx);

  endpointRoute(r, ENDPOINTS.getCookie, {
    onRequest: anonymousAuth(ctx),
    handler: async (request, reply) => {
      varyOnLanguage(reply);
      const locale = await playerAnswerLocale(ctx.db, request, request.auth?.userId ?? null);
      return listCookieCategories(ctx.db, null, locale);
    },
  });

  endpointRoute(r, ENDPOINTS.getCookieUser, {
    onRequest: user,
    handler: async (request, reply) => {
      const auth = requireSelf(request, request.params.id);
      void reply.header('cache-control', 'no-store');
      varyOnLanguage(reply);
      const locale = await playerAnswerLocale(ctx.db, request, auth.userId);
      return listCookieCategories(ctx.db, auth.userId, locale);
    },
  });

  endpointRoute(r, ENDPOINTS.postCookieUserAcceptAll, {
    onRequest: user,
    handler: async (request, reply) => {
      const auth = requireSelf(request, request.params.id);
      await acceptAllCookies(ctx, auth.userId, request.body.IsAllReject, request.ip);
      void reply.header('cache-control', 'no-store');
      return { Success: true };
    },
  });

  endpointRoute(r, ENDPOINTS.postCookieUserSetCookie, {
    onRequest: user,
    handler: async (request, reply) => {
      const auth = requireSelf(request, request.params.id);
      await setCookieConsent(ctx, auth.userId, request.body, request.ip);
      void reply.header('cache-control', 'no-store');
      return { Success: true };
    },
  });

  endpointRoute(r, ENDPOINTS.postProfileUserSeeCookiePopup, {
    onRequest: user,
    handler: async (request, reply) => {
      const auth = requireSelf(request, request.params.id);
      await markCookiePopupSeen(ctx, auth.userId, request.ip);
      void reply.header('cache-control', 'no-store');
      return { Success: true };
    },
  });
}
