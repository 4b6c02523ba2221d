/** GET admin/me: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { AdminMeResponseSchema } from '../admin.ts';

export const getAdminMe = /* @__PURE__ */ defineEndpoint('getAdminMe', {
  method: 'GET',
  path: 'admin/me',
  responses: { 200: AdminMeResponseSchema },
  auth: 'staff',
  rateLimited: true,
  summary:
    "The operator console's caller (issue 24): their staff role, its permissions (what the console may " +
    'show them) and until when their full authentication lets them use it. Any staff role.',
});
