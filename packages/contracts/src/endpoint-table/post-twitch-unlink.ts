/** POST twitch/unlink: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { SuccessResponseSchema } from '../common.ts';
import { UnlinkRequestSchema } from '../linking.ts';

export const postTwitchUnlink = /* @__PURE__ */ defineEndpoint('postTwitchUnlink', {
  method: 'POST',
  path: 'twitch/unlink',
  body: UnlinkRequestSchema,
  responses: { 200: SuccessResponseSchema },
  auth: 'user',
  summary: 'Unlinks the Twitch account (spec §7 POST twitch/unlink).',
});
