/** GET deletion/types: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { DeletionTypesResponseSchema } from '../deletion.ts';

export const getDeletionTypes = /* @__PURE__ */ defineEndpoint('getDeletionTypes', {
  method: 'GET',
  path: 'deletion/types',
  responses: { 200: DeletionTypesResponseSchema },
  auth: 'anonymous',
  summary: 'The reasons a player may give for deleting the account (spec §7 GET deletion/types).',
});
