/** GET admin/redirect-patterns: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { RedirectPatternsQuerySchema, RedirectPatternsResponseSchema } from '../admin-platform.ts';

export const getAdminRedirectPatterns = /* @__PURE__ */ defineEndpoint('getAdminRedirectPatterns', {
  method: 'GET',
  path: 'admin/redirect-patterns',
  query: RedirectPatternsQuerySchema,
  responses: { 200: RedirectPatternsResponseSchema },
  auth: 'staff',
  rateLimited: true,
  summary:
    'The redirect allow-list (issue 24 §3; spec §1 Single sign-on), by id, by pages of `limit` after ' +
    '`cursor`; `Configured` marks the patterns of the configuration. Any staff role (`platform.read`).',
  errors: { 400: ['ERROR_CURSOR_INVALID'] },
});
