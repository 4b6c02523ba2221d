/** DELETE admin/clients/{clientId}: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { SuccessResponseSchema } from '../common.ts';
import { AdminClientParamsSchema } from '../admin-platform.ts';

export const deleteAdminClients = /* @__PURE__ */ defineEndpoint('deleteAdminClients', {
  method: 'DELETE',
  path: 'admin/clients/{clientId}',
  params: AdminClientParamsSchema,
  responses: { 200: SuccessResponseSchema },
  auth: 'staff',
  rateLimited: true,
  summary:
    "Removes a partner client (issue 24 §3): its grants, codes and tokens at the provider end with it. The portal's " +
    'own client cannot be removed. Audited (`staff.client_removed`). Admin only (`platform.manage`).',
  errors: {
    400: ['ERROR_CLIENT_PORTAL'],
    403: ['ERROR_STAFF_ROLE_INSUFFICIENT'],
    404: ['ERROR_NOT_FOUND'],
  },
});
