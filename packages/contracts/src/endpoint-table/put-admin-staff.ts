/** PUT admin/staff/{idUser}: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { StaffIdParamsSchema, StaffMemberSchema, StaffRoleRequestSchema } from '../admin.ts';

export const putAdminStaff = /* @__PURE__ */ defineEndpoint('putAdminStaff', {
  method: 'PUT',
  path: 'admin/staff/{idUser}',
  params: StaffIdParamsSchema,
  body: StaffRoleRequestSchema,
  responses: { 200: StaffMemberSchema, 201: StaffMemberSchema },
  auth: 'staff',
  rateLimited: true,
  summary:
    'Gives a player a staff role (issue 24): 201 when they had none, 200 when it changed or was already ' +
    'that one; audited (`staff.role_granted`, `staff.role_changed`). An admin cannot lower their own ' +
    'role. Admin only (`staff.manage`).',
  errors: {
    400: ['ERROR_STAFF_OWN_ADMIN_ROLE'],
    403: ['ERROR_STAFF_ROLE_INSUFFICIENT'],
    404: ['ERROR_USER_UNKNOWN'],
  },
});
