/** PUT admin/newsletter-lists/{id}: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import {
  AdminNewsletterListRequestSchema,
  AdminNewsletterListSchema,
  AdminNumericIdParamsSchema,
} from '../admin-settings.ts';

export const putAdminNewsletterLists = /* @__PURE__ */ defineEndpoint('putAdminNewsletterLists', {
  method: 'PUT',
  path: 'admin/newsletter-lists/{id}',
  params: AdminNumericIdParamsSchema,
  body: AdminNewsletterListRequestSchema,
  responses: { 200: AdminNewsletterListSchema },
  auth: 'staff',
  rateLimited: true,
  summary:
    "Changes newsletter list `id`: its English name and its translations, replaced by the body's (issue " +
    '24 §3). Audited (`staff.newsletter_list_saved`). Admin (`platform.manage`).',
  errors: {
    400: ['ERROR_NEWSLETTER_LIST_NAME_TAKEN'],
    403: ['ERROR_STAFF_ROLE_INSUFFICIENT'],
    404: ['ERROR_NOT_FOUND'],
  },
});
