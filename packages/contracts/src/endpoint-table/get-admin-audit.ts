/** GET admin/audit: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { AdminAuditQuerySchema, StaffAuditResponseSchema } from '../admin.ts';

export const getAdminAudit = /* @__PURE__ */ defineEndpoint('getAdminAudit', {
  method: 'GET',
  path: 'admin/audit',
  query: AdminAuditQuerySchema,
  responses: { 200: StaffAuditResponseSchema },
  auth: 'staff',
  rateLimited: true,
  summary:
    'The staff audit trail (issue 24): what staff and the operator command did, to whom, newest first, ' +
    'by pages of `limit` after `cursor`; `actor` (a staff Id_User, or `operator`) and `target` (a ' +
    "player's Id_User) narrow it. Any staff role (`audit.read`).",
  errors: { 400: ['ERROR_CURSOR_INVALID'] },
});
