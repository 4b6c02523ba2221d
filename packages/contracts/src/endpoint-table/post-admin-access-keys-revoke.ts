/** POST admin/access-keys/revoke: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import {
  AdminAccessKeysRevokeRequestSchema,
  AdminAccessKeysRevokeResponseSchema,
} from '../admin-settings.ts';

export const postAdminAccessKeysRevoke = /* @__PURE__ */ defineEndpoint('postAdminAccessKeysRevoke', {
  method: 'POST',
  path: 'admin/access-keys/revoke',
  body: AdminAccessKeysRevokeRequestSchema,
  responses: { 200: AdminAccessKeysRevokeResponseSchema },
  auth: 'staff',
  rateLimited: true,
  summary:
    'Revokes unused access keys named by `Keys`, `Ids` or `Batch` (exactly one; issue 24 §3): a revoked ' +
    'key is refused at POST accesskey/validate and at registration like an unknown one. Answers how ' +
    'many were revoked; audited (`staff.access_keys_revoked`). Admin (`platform.manage`).',
  errors: { 403: ['ERROR_STAFF_ROLE_INSUFFICIENT'] },
});
