/** GET admin/ip-bans: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { AdminIpBansResponseSchema } from '../admin-settings.ts';

export const getAdminIpBans = /* @__PURE__ */ defineEndpoint('getAdminIpBans', {
  method: 'GET',
  path: 'admin/ip-bans',
  responses: { 200: AdminIpBansResponseSchema },
  auth: 'staff',
  rateLimited: true,
  summary:
    'The banned IP addresses and ranges (issue 24 §3; spec §6), newest first, expired ones included. ' +
    '`platform.read`.',
});
