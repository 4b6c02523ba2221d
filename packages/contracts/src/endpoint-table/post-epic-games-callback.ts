/** POST epicgames/callback: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { EpicGamesCallbackRequestSchema, LinkCallbackResponseSchema } from '../linking.ts';
import { LINK } from './shared-codes.ts';

export const postEpicGamesCallback = /* @__PURE__ */ defineEndpoint('postEpicGamesCallback', {
  method: 'POST',
  path: 'epicgames/callback',
  body: EpicGamesCallbackRequestSchema,
  responses: { 200: LinkCallbackResponseSchema },
  auth: 'user',
  rateLimited: true,
  summary: 'Completes an Epic Games link (spec §7 POST epicgames/callback).',
  errors: {
    400: [...LINK, 'ERROR_USER_EPICGAMES_EXIST', 'ERROR_USER_IP_BANNED_EPICGAMES_LINK'],
    503: ['ERROR_EPICGAMES_NOT_REACHABLE'],
  },
});
