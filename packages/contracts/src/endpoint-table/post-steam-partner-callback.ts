/** POST steam/partner/callback: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { LinkCallbackResponseSchema, SteamPartnerCallbackRequestSchema } from '../linking.ts';
import { LINK } from './shared-codes.ts';

export const postSteamPartnerCallback = /* @__PURE__ */ defineEndpoint('postSteamPartnerCallback', {
  method: 'POST',
  path: 'steam/partner/callback',
  body: SteamPartnerCallbackRequestSchema,
  responses: { 200: LinkCallbackResponseSchema },
  auth: 'user',
  rateLimited: true,
  summary: "Completes a Steam link started by a partner's page (spec §7 POST steam/partner/callback).",
  errors: {
    400: [...LINK, 'ERROR_OPENID_UNAUTHORIZED', 'ERROR_USER_STEAM_EXIST', 'ERROR_USER_IP_BANNED_STEAM_LINK'],
    503: ['ERROR_STEAM_NOT_REACHABLE'],
  },
});
