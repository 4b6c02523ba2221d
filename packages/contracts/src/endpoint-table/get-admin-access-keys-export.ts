/** GET admin/access-keys/export: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { AdminAccessKeysExportResponseSchema, AdminAccessKeysFilterSchema } from '../admin-settings.ts';

export const getAdminAccessKeysExport = /* @__PURE__ */ defineEndpoint('getAdminAccessKeysExport', {
  method: 'GET',
  path: 'admin/access-keys/export',
  query: AdminAccessKeysFilterSchema,
  responses: { 200: AdminAccessKeysExportResponseSchema },
  contentType: 'text/csv; charset=utf-8',
  auth: 'staff',
  rateLimited: true,
  summary:
    "The access keys as CSV (`text/csv`, an attachment; issue 24 §3): the list's columns " +
    '(ACCESS_KEYS_CSV_COLUMNS), optionally of one `state`, cells starting with = + - @ tab or CR ' +
    "prefixed by ' (formula injection). Audited (`staff.access_keys_exported`, the count). Admin " +
    '(`players.export`: it names the players who used keys).',
  errors: { 403: ['ERROR_STAFF_ROLE_INSUFFICIENT'] },
});
