/** POST blocks: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { PartnerBlockRequestSchema, PartnerBlockResponseSchema } from '../blocks.ts';

export const postBlocks = /* @__PURE__ */ defineEndpoint('postBlocks', {
  method: 'POST',
  path: 'blocks',
  body: PartnerBlockRequestSchema,
  responses: { 200: PartnerBlockResponseSchema, 201: PartnerBlockResponseSchema },
  auth: 'client',
  summary:
    'Partner server-to-server call (HTTP Basic client credentials): player userId blocked player ' +
    'userBlockedId. Idempotent. See docs/partner-api.md.',
  errors: { 400: ['ERROR_BLOCK_SELF', 'ERROR_USER_UNKNOWN'] },
});
