/** POST admin/ip-bans: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { AdminIpBanRequestSchema, AdminIpBanSchema } from '../admin-settings.ts';

export const postAdminIpBans = /* @__PURE__ */ defineEndpoint('postAdminIpBans', {
  method: 'POST',
  path: 'admin/ip-bans',
  body: AdminIpBanRequestSchema,
  responses: { 201: AdminIpBanSchema },
  auth: 'staff',
  rateLimited: true,
  summary:
    'Bans an IP address or CIDR range, IPv4 or IPv6 (issue 24 §3; spec §6), normalised as the operator ' +
    'command does; a range already banned gets the new reason and expiry. Applies at once on every node ' +
    '(bans are read from the store at each call). Refuses a range of every address and one holding the ' +
    "caller's own address. Audited (`staff.ip_ban_added`). Admin (`platform.manage`).",
  errors: {
    400: ['ERROR_IP_BAN_RANGE_INVALID', 'ERROR_IP_BAN_RANGE_EVERYONE', 'ERROR_IP_BAN_OWN_ADDRESS'],
    403: ['ERROR_STAFF_ROLE_INSUFFICIENT'],
  },
});
