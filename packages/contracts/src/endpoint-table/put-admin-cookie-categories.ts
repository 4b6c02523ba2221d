/** PUT admin/cookie-categories/{id}: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import {
  AdminCookieCategoryRequestSchema,
  AdminCookieCategorySchema,
  AdminNumericIdParamsSchema,
} from '../admin-settings.ts';

export const putAdminCookieCategories = /* @__PURE__ */ defineEndpoint('putAdminCookieCategories', {
  method: 'PUT',
  path: 'admin/cookie-categories/{id}',
  params: AdminNumericIdParamsSchema,
  body: AdminCookieCategoryRequestSchema,
  responses: { 200: AdminCookieCategorySchema },
  auth: 'staff',
  rateLimited: true,
  summary:
    'Changes cookie category `id` and replaces its translations (issue 24 §3). A necessary category ' +
    'stays necessary; the categories of the consent cookies (spec §9) keep their name and stay ' +
    'optional. Audited (`staff.cookie_category_saved`). Admin (`platform.manage`).',
  errors: {
    400: [
      'ERROR_COOKIE_CATEGORY_NAME_TAKEN',
      'ERROR_COOKIE_CATEGORY_NECESSARY',
      'ERROR_COOKIE_CATEGORY_CONSENT_COOKIE',
    ],
    403: ['ERROR_STAFF_ROLE_INSUFFICIENT'],
    404: ['ERROR_NOT_FOUND'],
  },
});
