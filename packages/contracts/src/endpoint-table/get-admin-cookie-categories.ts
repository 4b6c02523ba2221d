/** GET admin/cookie-categories: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { AdminCookieCategoriesResponseSchema } from '../admin-settings.ts';

export const getAdminCookieCategories = /* @__PURE__ */ defineEndpoint('getAdminCookieCategories', {
  method: 'GET',
  path: 'admin/cookie-categories',
  responses: { 200: AdminCookieCategoriesResponseSchema },
  auth: 'staff',
  rateLimited: true,
  summary:
    'The cookie categories (issue 24 §3; spec §3 Cookie category) by id, with their translations. ' +
    '`platform.read`.',
});
