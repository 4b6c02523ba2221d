/** GET admin/newsletter-lists: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { AdminNewsletterListsResponseSchema } from '../admin-settings.ts';

export const getAdminNewsletterLists = /* @__PURE__ */ defineEndpoint('getAdminNewsletterLists', {
  method: 'GET',
  path: 'admin/newsletter-lists',
  responses: { 200: AdminNewsletterListsResponseSchema },
  auth: 'staff',
  rateLimited: true,
  summary:
    'The newsletter lists (issue 24 §3; spec §3 Newsletter opt-in) by id, with their translations and ' +
    'how many players opted in. `platform.read`.',
});
