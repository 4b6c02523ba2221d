/** GET admin/staff: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { AdminPageQuerySchema, StaffListResponseSchema } from '../admin.ts';

export const getAdminStaff = /* @__PURE__ */ defineEndpoint('getAdminStaff', {
  method: 'GET',
  path: 'admin/staff',
  query: AdminPageQuerySchema,
  responses: { 200: StaffListResponseSchema },
  auth: 'staff',
  rateLimited: true,
  summary:
    'The staff (issue 24): every player with a role, who granted it and when, latest grants first, by ' +
    'pages of `limit` after `cursor`. Admin only (`staff.manage`).',
  errors: { 400: ['ERROR_CURSOR_INVALID'], 403: ['ERROR_STAFF_ROLE_INSUFFICIENT'] },
});
