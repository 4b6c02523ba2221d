/** DELETE admin/ip-bans/{id}: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { StaffActionResponseSchema } from '../admin.ts';
import { AdminNumericIdParamsSchema } from '../admin-settings.ts';

export const deleteAdminIpBans = /* @__PURE__ */ defineEndpoint('deleteAdminIpBans', {
  method: 'DELETE',
  path: 'admin/ip-bans/{id}',
  params: AdminNumericIdParamsSchema,
  responses: { 200: StaffActionResponseSchema },
  auth: 'staff',
  rateLimited: true,
  summary:
    'Lifts ban `id` (issue 24 §3; spec §6), at once on every node. Audited (`staff.ip_ban_removed`). ' +
    'Admin (`platform.manage`).',
  errors: { 403: ['ERROR_STAFF_ROLE_INSUFFICIENT'], 404: ['ERROR_NOT_FOUND'] },
});
