/** POST epicgames/unlink: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { SuccessResponseSchema } from '../common.ts';
import { UnlinkRequestSchema } from '../linking.ts';

export const postEpicGamesUnlink = /* @__PURE__ */ defineEndpoint('postEpicGamesUnlink', {
  method: 'POST',
  path: 'epicgames/unlink',
  body: UnlinkRequestSchema,
  responses: { 200: SuccessResponseSchema },
  auth: 'user',
  summary: 'Unlinks the Epic Games account (spec §7 POST epicgames/unlink).',
});
