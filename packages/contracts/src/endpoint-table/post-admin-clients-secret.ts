/** POST admin/clients/{clientId}/secret: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { AdminClientParamsSchema, AdminClientSecretResponseSchema } from '../admin-platform.ts';

export const postAdminClientsSecret = /* @__PURE__ */ defineEndpoint('postAdminClientsSecret', {
  method: 'POST',
  path: 'admin/clients/{clientId}/secret',
  params: AdminClientParamsSchema,
  responses: { 200: AdminClientSecretResponseSchema },
  auth: 'staff',
  rateLimited: true,
  summary:
    "Rotates a confidential partner client's secret (issue 24 §3; RFC 6819 §5.1.4.1.3): the new secret, " +
    'shown this once; the old one stops working at once. Audited (`staff.client_secret_rotated`, never ' +
    'the secret). Admin only (`platform.manage`).',
  errors: {
    400: ['ERROR_CLIENT_PUBLIC', 'ERROR_CLIENT_PORTAL'],
    403: ['ERROR_STAFF_ROLE_INSUFFICIENT'],
    404: ['ERROR_NOT_FOUND'],
  },
});
