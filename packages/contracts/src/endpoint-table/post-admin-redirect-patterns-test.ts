/** POST admin/redirect-patterns/test: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { RedirectTestRequestSchema, RedirectTestResponseSchema } from '../admin-platform.ts';

export const postAdminRedirectPatternsTest = /* @__PURE__ */ defineEndpoint('postAdminRedirectPatternsTest', {
  method: 'POST',
  path: 'admin/redirect-patterns/test',
  body: RedirectTestRequestSchema,
  responses: { 200: RedirectTestResponseSchema },
  auth: 'staff',
  rateLimited: true,
  summary:
    'The allow-list tester (issue 24 §3): whether the real redirect check allows `Url` today, by which ' +
    'pattern, or why not. Writes nothing. Any staff role (`platform.read`).',
});
