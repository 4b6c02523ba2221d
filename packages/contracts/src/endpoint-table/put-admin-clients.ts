/** PUT admin/clients/{clientId}: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import {
  AdminClientParamsSchema,
  AdminClientSchema,
  AdminClientUpdateRequestSchema,
} from '../admin-platform.ts';

export const putAdminClients = /* @__PURE__ */ defineEndpoint('putAdminClients', {
  method: 'PUT',
  path: 'admin/clients/{clientId}',
  params: AdminClientParamsSchema,
  body: AdminClientUpdateRequestSchema,
  responses: { 200: AdminClientSchema },
  auth: 'staff',
  rateLimited: true,
  summary:
    "Changes a partner client (issue 24 §3): its name, URIs, first or third party, a confidential client's " +
    'authentication method, refresh tokens; a given list replaces the registered one. Applies at once on ' +
    "every node. Audited (`staff.client_updated`). The portal's own client cannot be changed here. Admin " +
    'only (`platform.manage`).',
  errors: {
    400: [
      'ERROR_CLIENT_NAME_INVALID',
      'ERROR_CLIENT_URI_INVALID',
      'ERROR_CLIENT_URI_NOT_HTTPS',
      'ERROR_CLIENT_URI_FRAGMENT',
      'ERROR_CLIENT_URI_WILDCARD',
      'ERROR_CLIENT_URIS_COUNT',
      'ERROR_CLIENT_NOTHING_TO_CHANGE',
      'ERROR_CLIENT_PUBLIC',
      'ERROR_CLIENT_PORTAL',
    ],
    403: ['ERROR_STAFF_ROLE_INSUFFICIENT'],
    404: ['ERROR_NOT_FOUND'],
  },
});
