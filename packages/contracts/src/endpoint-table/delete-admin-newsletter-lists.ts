/** DELETE admin/newsletter-lists/{id}: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { StaffActionResponseSchema } from '../admin.ts';
import { AdminNumericIdParamsSchema } from '../admin-settings.ts';

export const deleteAdminNewsletterLists = /* @__PURE__ */ defineEndpoint('deleteAdminNewsletterLists', {
  method: 'DELETE',
  path: 'admin/newsletter-lists/{id}',
  params: AdminNumericIdParamsSchema,
  responses: { 200: StaffActionResponseSchema },
  auth: 'staff',
  rateLimited: true,
  summary:
    'Removes newsletter list `id` with its translations and its opt-ins, in one transaction; players left ' +
    'on no list lose their general newsletter consent (issue 24 §3). Audited ' +
    '(`staff.newsletter_list_removed`, with the opt-ins removed). Admin (`platform.manage`).',
  errors: { 403: ['ERROR_STAFF_ROLE_INSUFFICIENT'], 404: ['ERROR_NOT_FOUND'] },
});
