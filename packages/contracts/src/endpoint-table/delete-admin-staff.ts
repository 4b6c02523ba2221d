/** DELETE admin/staff/{idUser}: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { SuccessResponseSchema } from '../common.ts';
import { StaffIdParamsSchema } from '../admin.ts';

export const deleteAdminStaff = /* @__PURE__ */ defineEndpoint('deleteAdminStaff', {
  method: 'DELETE',
  path: 'admin/staff/{idUser}',
  params: StaffIdParamsSchema,
  responses: { 200: SuccessResponseSchema },
  auth: 'staff',
  rateLimited: true,
  summary:
    "Revokes a player's staff role (issue 24); audited (`staff.role_revoked`). An admin cannot revoke " +
    'their own role. 404 ERROR_USER_UNKNOWN for an unknown player, ERROR_NOT_FOUND for a player without ' +
    'a role. Admin only (`staff.manage`).',
  errors: {
    400: ['ERROR_STAFF_OWN_ADMIN_ROLE'],
    403: ['ERROR_STAFF_ROLE_INSUFFICIENT'],
    404: ['ERROR_USER_UNKNOWN', 'ERROR_NOT_FOUND'],
  },
});
