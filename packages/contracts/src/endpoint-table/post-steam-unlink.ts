/** POST steam/unlink: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { SuccessResponseSchema } from '../common.ts';
import { SteamUnlinkRequestSchema } from '../linking.ts';

export const postSteamUnlink = /* @__PURE__ */ defineEndpoint('postSteamUnlink', {
  method: 'POST',
  path: 'steam/unlink',
  body: SteamUnlinkRequestSchema,
  responses: { 200: SuccessResponseSchema },
  auth: 'user',
  summary: 'Unlinks the Steam account (spec §7 POST steam/unlink).',
});
