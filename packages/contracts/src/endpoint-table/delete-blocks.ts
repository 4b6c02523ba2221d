/** DELETE blocks/{userId}/{userBlockedId}: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { PartnerBlockParamsSchema, PartnerBlockResponseSchema } from '../blocks.ts';

export const deleteBlocks = /* @__PURE__ */ defineEndpoint('deleteBlocks', {
  method: 'DELETE',
  path: 'blocks/{userId}/{userBlockedId}',
  params: PartnerBlockParamsSchema,
  responses: { 200: PartnerBlockResponseSchema },
  auth: 'client',
  summary:
    'Partner server-to-server call (HTTP Basic client credentials): player userId no longer ' +
    'blocks player userBlockedId. Idempotent. See docs/partner-api.md.',
  errors: { 400: ['ERROR_USER_UNKNOWN'] },
});
