/** GET admin/clients: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { AdminClientsQuerySchema, AdminClientsResponseSchema } from '../admin-platform.ts';

export const getAdminClients = /* @__PURE__ */ defineEndpoint('getAdminClients', {
  method: 'GET',
  path: 'admin/clients',
  query: AdminClientsQuerySchema,
  responses: { 200: AdminClientsResponseSchema },
  auth: 'staff',
  rateLimited: true,
  summary:
    'The partner clients registered with the hub (issue 24 §3; RFC 6749 §2), by client id, by pages of ' +
    '`limit` after `cursor`: URIs, first or third party, authentication method, times — never a secret. ' +
    'Any staff role (`platform.read`).',
  errors: { 400: ['ERROR_CURSOR_INVALID'] },
});
