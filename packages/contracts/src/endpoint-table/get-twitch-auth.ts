/** GET twitch/auth: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { LinkAuthQuerySchema, LinkAuthResponseSchema } from '../linking.ts';
import { LINK } from './shared-codes.ts';

export const getTwitchAuth = /* @__PURE__ */ defineEndpoint('getTwitchAuth', {
  method: 'GET',
  path: 'twitch/auth',
  query: LinkAuthQuerySchema,
  responses: { 200: LinkAuthResponseSchema },
  auth: 'user',
  rateLimited: true,
  summary: 'Where to link a Twitch account (spec §7 GET twitch/auth).',
  errors: { 400: [...LINK, 'ERROR_USER_IP_BANNED_TWITCH_LINK'], 503: ['ERROR_TWITCH_NOT_REACHABLE'] },
});
