/**
 * The Steam linking routes (spec §7 Linking; §4 Linking a provider; §5 openid.signed and state; §8
 * USER_STEAM_EXIST, STEAM_NOT_REACHABLE, ERROR_USER_IP_BANNED_STEAM_LINK):
 * - GET steam/auth?callbackPath=/steam/callback[&redirectUrl=…] → `{ URL }` of Steam's sign-in. Without
 *   a redirectUrl Steam returns to the SPA's /steam/callback (`link_state` in `return_to`), which posts
 *   the query to POST steam/callback. With an allow-listed redirectUrl (the partner variant) Steam
 *   returns to the API's GET steam/partner/callback, which verifies the assertion server-side and sends
 *   the browser to /steam/callback?state=…, which posts POST steam/partner/callback {State}.
 * - POST steam/callback (query fields) → `{ AccountId, RedirectUrl }`.
 * - GET steam/partner/callback (the browser, from Steam; no api key) → 303 to the SPA.
 * - POST steam/partner/callback {State} → `{ AccountId, RedirectUrl }`.
 * - POST steam/unlink {SteamId} → `{ Success }` (idempotent).
 * All but the browser's GET need the player's bearer; the link is bound to that player's session.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { z } from 'zod';
import { ENDPOINTS, LINK_CALLBACK_PATHS } from '@guildgate/contracts';
import type { AppContext } from '../../../context.ts';
import { endpointRoute } from '../../../lib/endpoint-routes.ts';
import { requireSelf, userAuth } from '../../../plugins/auth.ts';
import { sensitiveRateLimit } from '../../../plugins/rate-limit.ts';
import { badRequest } from '../../../lib/errors.ts';
import { completeLink, unlinkProvider } from '../connections.ts';
import { discardLink, findLink, recordRedemption, requireLink, startLink } from '../link-states.ts';
import {
  checkedRedirectUrl,
  errorCodeOf,
  playerLinkRoute,
  replayRecordedError,
  requireCallbackPath,
  sendToSpaCallback,
} from '../link-start.ts';
import { steamAuthUrl, verifySteamAssertion } from './openid.ts';
import { steamPlayerSummary } from './web-api.ts';

const PartnerReturnQuerySchema = z.record(z.string().max(200), z.string().max(2048));

/** Registers the Steam routes on the /api scope. */
export async function steamRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const user = userAuth(ctx);
  const linkRoute = playerLinkRoute(ctx, 'steam');
  const rateLimit = sensitiveRateLimit(ctx);
  const spaCallback = `${ctx.config.publicUrl}${LINK_CALLBACK_PATHS.steam}`;
  const partnerReturn = `${ctx.config.publicUrl}/api/steam/partner/callback`;

  endpointRoute(r, ENDPOINTS.getSteamAuth, {
    ...linkRoute,
    handler: async (request, reply) => {
      const auth = requireSelf(request);
      requireCallbackPath(request.query.callbackPath, LINK_CALLBACK_PATHS.steam);
      const redirectUrl = await checkedRedirectUrl(ctx, request.query.redirectUrl);
      const { redirectUri } = await startLink(ctx, auth, {
        provider: 'steam',
        redirectUrl,
        redirectUri: (state) =>
          redirectUrl
            ? `${partnerReturn}?${new URLSearchParams({ state })}`
            : `${spaCallback}?${new URLSearchParams({ link_state: state })}`,
      });
      void reply.header('cache-control', 'no-store');
      return { URL: await steamAuthUrl(ctx, redirectUri) };
    },
  });

  endpointRoute(r, ENDPOINTS.postSteamCallback, {
    ...linkRoute,
    handler: async (request) => {
      const auth = requireSelf(request);
      const params = request.body;
      if (params['openid.mode'] !== 'cancel' && !params['openid.signed']) {
        throw badRequest('ERROR_OPENID_UNAUTHORIZED');
      }
      const link = await requireLink(ctx, auth, 'steam', params.link_state);
      const steamId = await verifySteamAssertion(ctx, params, link.redirectUri);
      const account = await steamPlayerSummary(ctx, steamId);
      await completeLink(ctx, link, account, request.ip);
      return { AccountId: steamId, RedirectUrl: link.redirectUrl };
    },
  });

  // The browser comes back from Steam here (partner variant): no api key, no bearer; the state binds it.
  r.get('/steam/partner/callback', {
    schema: { querystring: PartnerReturnQuerySchema, hide: true },
    config: { public: true, rateLimit },
    handler: async (request, reply) => {
      // Whatever parameters the provider sent back: `state` may be missing.
      const { state = '' }: Partial<Record<string, string>> = request.query;
      const link = await findLink(ctx, 'steam', state);
      if (link && !link.account && !link.errorCode) {
        try {
          const steamId = await verifySteamAssertion(ctx, request.query, link.redirectUri);
          await recordRedemption(ctx, link, { account: await steamPlayerSummary(ctx, steamId) });
        } catch (error) {
          const code = errorCodeOf(error);
          if (!code) throw error;
          await recordRedemption(ctx, link, { errorCode: code });
        }
      }
      return sendToSpaCallback(ctx, reply, LINK_CALLBACK_PATHS.steam, state, null);
    },
  });

  endpointRoute(r, ENDPOINTS.postSteamPartnerCallback, {
    ...linkRoute,
    handler: async (request) => {
      const auth = requireSelf(request);
      const link = await requireLink(ctx, auth, 'steam', request.body.State);
      if (link.errorCode) {
        await discardLink(ctx, link);
        replayRecordedError(link.errorCode);
      }
      if (!link.account) throw badRequest('ERROR_LINK_STATE_INVALID');
      await completeLink(ctx, link, link.account, request.ip);
      return { AccountId: link.account.accountId, RedirectUrl: link.redirectUrl };
    },
  });

  endpointRoute(r, ENDPOINTS.postSteamUnlink, {
    onRequest: user,
    handler: async (request) => {
      const auth = requireSelf(request);
      await unlinkProvider(ctx, auth.userId, 'steam', request.ip, request.body.SteamId);
      return { Success: true };
    },
  });
}
