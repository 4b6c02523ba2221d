/** GET admin/access-keys: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { AdminAccessKeysQuerySchema, AdminAccessKeysResponseSchema } from '../admin-settings.ts';

export const getAdminAccessKeys = /* @__PURE__ */ defineEndpoint('getAdminAccessKeys', {
  method: 'GET',
  path: 'admin/access-keys',
  query: AdminAccessKeysQuerySchema,
  responses: { 200: AdminAccessKeysResponseSchema },
  auth: 'staff',
  rateLimited: true,
  summary:
    'The access keys (issue 24 §3; spec §2 /access-key), newest first, by pages of `limit` after `cursor`, ' +
    'optionally of one `state` (unused, used, revoked, expired). Keys are stored as SHA-256: the list shows ' +
    "each key's id, batch label, times, state and the player who used it, never the key. `platform.read`.",
  errors: { 400: ['ERROR_CURSOR_INVALID'] },
});
