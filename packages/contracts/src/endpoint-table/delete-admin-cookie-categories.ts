/** DELETE admin/cookie-categories/{id}: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { StaffActionResponseSchema } from '../admin.ts';
import { AdminNumericIdParamsSchema } from '../admin-settings.ts';

export const deleteAdminCookieCategories = /* @__PURE__ */ defineEndpoint('deleteAdminCookieCategories', {
  method: 'DELETE',
  path: 'admin/cookie-categories/{id}',
  params: AdminNumericIdParamsSchema,
  responses: { 200: StaffActionResponseSchema },
  auth: 'staff',
  rateLimited: true,
  summary:
    "Removes cookie category `id` with its translations and the players' choices, in one transaction " +
    '(issue 24 §3). A necessary category and those of the consent cookies cannot be removed. Audited ' +
    '(`staff.cookie_category_removed`). Admin (`platform.manage`).',
  errors: {
    400: ['ERROR_COOKIE_CATEGORY_NECESSARY', 'ERROR_COOKIE_CATEGORY_CONSENT_COOKIE'],
    403: ['ERROR_STAFF_ROLE_INSUFFICIENT'],
    404: ['ERROR_NOT_FOUND'],
  },
});
