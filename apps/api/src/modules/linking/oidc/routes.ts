/**
 * The Twitch and Epic Games linking routes (spec §7 Linking; §4 Linking a provider; §8 the
 * ERROR_USER_{TWITCH,EPICGAMES}_EXIST, _NOT_REACHABLE and ERROR_USER_IP_BANNED_{…}_LINK codes):
 * - GET twitch/auth?callbackPath=/twitch/callback → `{ URL }`; POST twitch/callback {Code, CallbackPath,
 *   State} → `{ AccountId, RedirectUrl: null }`; POST twitch/unlink → `{ Success }`.
 * - GET epicgames/auth?callbackPath=…[&redirectUrl=…] → `{ URL }`. callbackPath /epic-games/callback:
 *   the provider returns to the SPA, which posts POST epicgames/callback {Code, State}.
 *   callbackPath /epicgames/callback (the alternative redeemer, flag epicAlternativeRedeemerFlow): the
 *   provider returns to the API's GET epicgames/callback, which redeems the code and sends the browser
 *   to /epic-games/callback?[redirectUrl=…&]state=…; the SPA then posts POST epicgames/callback {State,
 *   CallbackPath, RedirectUrl} → `{ AccountId, RedirectUrl }`. POST epicgames/unlink → `{ Success }`.
 * A callback without a code means the player declined at the provider: 400 ERROR_LINK_CANCELLED.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { z } from 'zod';
import {
  ENDPOINTS,
  EPIC_REDEEMER_CALLBACK_PATH,
  LINK_CALLBACK_PATHS,
  type LinkCallbackResponse,
} from '@guildgate/contracts';
import type { AppContext } from '../../../context.ts';
import { endpointRoute } from '../../../lib/endpoint-routes.ts';
import type { AuthInfo } from '../../session/index.ts';
import { requireSelf, userAuth } from '../../../plugins/auth.ts';
import { sensitiveRateLimit } from '../../../plugins/rate-limit.ts';
import { badRequest } from '../../../lib/errors.ts';
import { completeLink, unlinkProvider } from '../connections.ts';
import {
  discardLink,
  findLink,
  recordRedemption,
  requireLink,
  requireState,
  startLink,
  type PendingLink,
} from '../link-states.ts';
import {
  checkedRedirectUrl,
  errorCodeOf,
  playerLinkRoute,
  replayRecordedError,
  requireCallbackPath,
  sendToSpaCallback,
} from '../link-start.ts';
import { authorizationUrl, newLinkSecrets, redeemAuthorization, type OidcProvider } from './client.ts';

const RedeemerQuerySchema = z.record(z.string().max(200), z.string().max(4096));

/** Starts a link of `provider` returning to `redirectUri`; answers the provider URL. */
async function startOidcLink(
  ctx: AppContext,
  auth: AuthInfo,
  provider: OidcProvider,
  redirectUri: string,
  redirectUrl: string | null,
): Promise<{ URL: string }> {
  const secrets = newLinkSecrets();
  const { state } = await startLink(ctx, auth, {
    provider,
    redirectUri: () => redirectUri,
    redirectUrl,
    ...secrets,
  });
  return { URL: await authorizationUrl(ctx, provider, { state, redirectUri, ...secrets }) };
}

/** Redeems a code the SPA relays and completes the link. */
async function completeWithCode(
  ctx: AppContext,
  link: PendingLink,
  code: string | null | undefined,
  state: string,
  ip: string,
): Promise<LinkCallbackResponse> {
  if (!code) {
    await discardLink(ctx, link);
    throw badRequest('ERROR_LINK_CANCELLED');
  }
  const account = await redeemAuthorization(ctx, link, new URLSearchParams({ code, state }));
  await completeLink(ctx, link, account, ip);
  return { AccountId: account.accountId, RedirectUrl: link.redirectUrl };
}

/** Registers the Twitch and Epic Games routes on the /api scope. */
export async function oidcLinkRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const user = userAuth(ctx);
  const rateLimit = sensitiveRateLimit(ctx);
  const twitchRoute = playerLinkRoute(ctx, 'twitch');
  const epicRoute = playerLinkRoute(ctx, 'epic-games');
  const spa = (path: string) => `${ctx.config.publicUrl}${path}`;
  const redeemerUri = `${ctx.config.publicUrl}/api${EPIC_REDEEMER_CALLBACK_PATH}`;

  endpointRoute(r, ENDPOINTS.getTwitchAuth, {
    ...twitchRoute,
    handler: async (request, reply) => {
      const auth = requireSelf(request);
      const path = requireCallbackPath(request.query.callbackPath, LINK_CALLBACK_PATHS.twitch);
      void reply.header('cache-control', 'no-store');
      return startOidcLink(ctx, auth, 'twitch', spa(path), null);
    },
  });

  endpointRoute(r, ENDPOINTS.postTwitchCallback, {
    ...twitchRoute,
    handler: async (request) => {
      const auth = requireSelf(request);
      requireCallbackPath(request.body.CallbackPath, LINK_CALLBACK_PATHS.twitch);
      const state = requireState(request.body.State);
      const link = await requireLink(ctx, auth, 'twitch', state);
      return completeWithCode(ctx, link, request.body.Code, state, request.ip);
    },
  });

  endpointRoute(r, ENDPOINTS.getEpicGamesAuth, {
    ...epicRoute,
    handler: async (request, reply) => {
      const auth = requireSelf(request);
      const path = requireCallbackPath(
        request.query.callbackPath,
        LINK_CALLBACK_PATHS['epic-games'],
        EPIC_REDEEMER_CALLBACK_PATH,
      );
      const redirectUrl = await checkedRedirectUrl(ctx, request.query.redirectUrl);
      const redirectUri = path === EPIC_REDEEMER_CALLBACK_PATH ? redeemerUri : spa(path);
      void reply.header('cache-control', 'no-store');
      return startOidcLink(ctx, auth, 'epic-games', redirectUri, redirectUrl);
    },
  });

  // The alternative redeemer: the browser comes back from Epic Games here, without api key or bearer.
  r.get(EPIC_REDEEMER_CALLBACK_PATH, {
    schema: { querystring: RedeemerQuerySchema, hide: true },
    config: { public: true, rateLimit },
    handler: async (request, reply) => {
      // Whatever parameters the provider sent back: `state` may be missing.
      const { state = '' }: Partial<Record<string, string>> = request.query;
      const link = await findLink(ctx, 'epic-games', state);
      if (link && link.redirectUri === redeemerUri && !link.account && !link.errorCode) {
        try {
          if (!request.query.code) throw badRequest('ERROR_LINK_CANCELLED');
          const account = await redeemAuthorization(ctx, link, new URLSearchParams(request.query));
          await recordRedemption(ctx, link, { account });
        } catch (error) {
          const code = errorCodeOf(error);
          if (!code) throw error;
          await recordRedemption(ctx, link, { errorCode: code });
        }
      }
      return sendToSpaCallback(
        ctx,
        reply,
        LINK_CALLBACK_PATHS['epic-games'],
        state,
        link?.redirectUrl ?? null,
      );
    },
  });

  endpointRoute(r, ENDPOINTS.postEpicGamesCallback, {
    ...epicRoute,
    handler: async (request) => {
      const auth = requireSelf(request);
      const { Code, State, RedirectUrl } = request.body;
      const state = requireState(State);
      const link = await requireLink(ctx, auth, 'epic-games', state);
      if (link.redirectUri !== redeemerUri) return completeWithCode(ctx, link, Code, state, request.ip);
      if (link.errorCode) {
        await discardLink(ctx, link);
        replayRecordedError(link.errorCode);
      }
      if (!link.account) throw badRequest('ERROR_LINK_STATE_INVALID');
      // The redirect held on the server wins; the relayed one (split at 'state=') must be allow-listed.
      const relayed = RedirectUrl ? RedirectUrl.replace(/[?&]+$/, '') : null;
      const redirectUrl = link.redirectUrl ?? (await checkedRedirectUrl(ctx, relayed));
      await completeLink(ctx, link, link.account, request.ip);
      return { AccountId: link.account.accountId, RedirectUrl: redirectUrl };
    },
  });

  for (const [endpoint, provider] of [
    [ENDPOINTS.postTwitchUnlink, 'twitch'],
    [ENDPOINTS.postEpicGamesUnlink, 'epic-games'],
  ] as const) {
    endpointRoute(r, endpoint, {
      onRequest: user,
      handler: async (request) => {
        const auth = requireSelf(request);
        await unlinkProvider(ctx, auth.userId, provider, request.ip);
        return { Success: true };
      },
    });
  }
}
