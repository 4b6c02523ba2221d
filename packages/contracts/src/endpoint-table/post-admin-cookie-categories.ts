/** POST admin/cookie-categories: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { AdminCookieCategoryRequestSchema, AdminCookieCategorySchema } from '../admin-settings.ts';

export const postAdminCookieCategories = /* @__PURE__ */ defineEndpoint('postAdminCookieCategories', {
  method: 'POST',
  path: 'admin/cookie-categories',
  body: AdminCookieCategoryRequestSchema,
  responses: { 201: AdminCookieCategorySchema },
  auth: 'staff',
  rateLimited: true,
  summary:
    'Creates a cookie category with its translations (issue 24 §3); players see it in GET cookie at ' +
    'once. Audited (`staff.cookie_category_saved`). Admin (`platform.manage`).',
  errors: { 400: ['ERROR_COOKIE_CATEGORY_NAME_TAKEN'], 403: ['ERROR_STAFF_ROLE_INSUFFICIENT'] },
});
