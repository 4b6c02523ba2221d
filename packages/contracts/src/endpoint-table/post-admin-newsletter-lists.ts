/** POST admin/newsletter-lists: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { AdminNewsletterListRequestSchema, AdminNewsletterListSchema } from '../admin-settings.ts';

export const postAdminNewsletterLists = /* @__PURE__ */ defineEndpoint('postAdminNewsletterLists', {
  method: 'POST',
  path: 'admin/newsletter-lists',
  body: AdminNewsletterListRequestSchema,
  responses: { 201: AdminNewsletterListSchema },
  auth: 'staff',
  rateLimited: true,
  summary:
    'Creates a newsletter list with its translations (issue 24 §3); players see it in GET newsletter at ' +
    'once. Audited (`staff.newsletter_list_saved`). Admin (`platform.manage`).',
  errors: { 400: ['ERROR_NEWSLETTER_LIST_NAME_TAKEN'], 403: ['ERROR_STAFF_ROLE_INSUFFICIENT'] },
});
