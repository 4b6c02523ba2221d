/** GET epicgames/auth: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { LinkAuthQuerySchema, LinkAuthResponseSchema } from '../linking.ts';
import { LINK } from './shared-codes.ts';

export const getEpicGamesAuth = /* @__PURE__ */ defineEndpoint('getEpicGamesAuth', {
  method: 'GET',
  path: 'epicgames/auth',
  query: LinkAuthQuerySchema,
  responses: { 200: LinkAuthResponseSchema },
  auth: 'user',
  rateLimited: true,
  summary: 'Where to link an Epic Games account (spec §7 GET epicgames/auth).',
  errors: { 400: [...LINK, 'ERROR_USER_IP_BANNED_EPICGAMES_LINK'], 503: ['ERROR_EPICGAMES_NOT_REACHABLE'] },
});
