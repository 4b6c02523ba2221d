/** POST twitch/callback: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { LinkCallbackResponseSchema, TwitchCallbackRequestSchema } from '../linking.ts';
import { LINK } from './shared-codes.ts';

export const postTwitchCallback = /* @__PURE__ */ defineEndpoint('postTwitchCallback', {
  method: 'POST',
  path: 'twitch/callback',
  body: TwitchCallbackRequestSchema,
  responses: { 200: LinkCallbackResponseSchema },
  auth: 'user',
  rateLimited: true,
  summary: 'Completes a Twitch link (spec §7 POST twitch/callback).',
  errors: {
    400: [...LINK, 'ERROR_USER_TWITCH_EXIST', 'ERROR_USER_IP_BANNED_TWITCH_LINK'],
    503: ['ERROR_TWITCH_NOT_REACHABLE'],
  },
});
