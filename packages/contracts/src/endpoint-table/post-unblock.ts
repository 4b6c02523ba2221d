/** POST unblock: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { UnblockRequestSchema } from '../blocks.ts';
import { SuccessResponseSchema } from '../common.ts';

export const postUnblock = /* @__PURE__ */ defineEndpoint('postUnblock', {
  method: 'POST',
  path: 'unblock',
  body: UnblockRequestSchema,
  responses: { 200: SuccessResponseSchema },
  auth: 'user',
  summary: 'The logged-in player unblocks a player of their blocked list (spec §7 POST unblock).',
  errors: { 400: ['ERROR_USER_NOT_BLOCKED'] },
});
