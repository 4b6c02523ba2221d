/** POST admin/clients: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { AdminClientCreateRequestSchema, AdminClientCreatedResponseSchema } from '../admin-platform.ts';

export const postAdminClients = /* @__PURE__ */ defineEndpoint('postAdminClients', {
  method: 'POST',
  path: 'admin/clients',
  body: AdminClientCreateRequestSchema,
  responses: { 201: AdminClientCreatedResponseSchema },
  auth: 'staff',
  rateLimited: true,
  summary:
    'Registers a partner client (issue 24 §3; RFC 6749 §2; RFC 9700 §2.1, §4.1): 201 with the client and ' +
    'its secret, shown this once (null for a public client). It signs players in at once, on every node. ' +
    'Audited (`staff.client_created`). Admin only (`platform.manage`).',
  errors: {
    400: [
      'ERROR_CLIENT_ID_INVALID',
      'ERROR_CLIENT_ID_TAKEN',
      'ERROR_CLIENT_NAME_INVALID',
      'ERROR_CLIENT_URI_INVALID',
      'ERROR_CLIENT_URI_NOT_HTTPS',
      'ERROR_CLIENT_URI_FRAGMENT',
      'ERROR_CLIENT_URI_WILDCARD',
      'ERROR_CLIENT_URIS_COUNT',
    ],
    403: ['ERROR_STAFF_ROLE_INSUFFICIENT'],
  },
});
