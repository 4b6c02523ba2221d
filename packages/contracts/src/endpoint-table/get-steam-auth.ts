/** GET steam/auth: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { LinkAuthQuerySchema, LinkAuthResponseSchema } from '../linking.ts';
import { LINK } from './shared-codes.ts';

export const getSteamAuth = /* @__PURE__ */ defineEndpoint('getSteamAuth', {
  method: 'GET',
  path: 'steam/auth',
  query: LinkAuthQuerySchema,
  responses: { 200: LinkAuthResponseSchema },
  auth: 'user',
  rateLimited: true,
  summary: 'Where to link a Steam account (spec §7 GET steam/auth).',
  errors: { 400: [...LINK, 'ERROR_USER_IP_BANNED_STEAM_LINK'] },
});
