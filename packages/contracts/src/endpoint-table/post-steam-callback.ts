/** POST steam/callback: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { LinkCallbackResponseSchema, SteamCallbackRequestSchema } from '../linking.ts';
import { LINK } from './shared-codes.ts';

export const postSteamCallback = /* @__PURE__ */ defineEndpoint('postSteamCallback', {
  method: 'POST',
  path: 'steam/callback',
  body: SteamCallbackRequestSchema,
  responses: { 200: LinkCallbackResponseSchema },
  auth: 'user',
  rateLimited: true,
  summary: "Completes a Steam link with the callback page's query (spec §7 POST steam/callback).",
  errors: {
    400: [...LINK, 'ERROR_OPENID_UNAUTHORIZED', 'ERROR_USER_STEAM_EXIST', 'ERROR_USER_IP_BANNED_STEAM_LINK'],
    503: ['ERROR_STEAM_NOT_REACHABLE'],
  },
});
