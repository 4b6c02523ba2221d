/** POST admin/access-keys: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import {
  AdminAccessKeysGenerateRequestSchema,
  AdminAccessKeysGenerateResponseSchema,
} from '../admin-settings.ts';

export const postAdminAccessKeys = /* @__PURE__ */ defineEndpoint('postAdminAccessKeys', {
  method: 'POST',
  path: 'admin/access-keys',
  body: AdminAccessKeysGenerateRequestSchema,
  responses: { 201: AdminAccessKeysGenerateResponseSchema },
  auth: 'staff',
  rateLimited: true,
  summary:
    'Generates `Count` (1–10,000) access keys in one transaction, with an optional batch label and ' +
    'validity (issue 24 §3): the keys are answered once and kept as SHA-256 only; audited ' +
    '(`staff.access_keys_generated`, the count, never the keys). Admin (`platform.manage`).',
  errors: { 403: ['ERROR_STAFF_ROLE_INSUFFICIENT'] },
});
