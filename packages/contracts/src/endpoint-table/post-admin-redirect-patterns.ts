/** POST admin/redirect-patterns: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { RedirectPatternRequestSchema, RedirectPatternSchema } from '../admin-platform.ts';

export const postAdminRedirectPatterns = /* @__PURE__ */ defineEndpoint('postAdminRedirectPatterns', {
  method: 'POST',
  path: 'admin/redirect-patterns',
  body: RedirectPatternRequestSchema,
  responses: { 201: RedirectPatternSchema },
  auth: 'staff',
  rateLimited: true,
  summary:
    'Adds a pattern to the redirect allow-list (issue 24 §3): 201 with it. Refuses a pattern not of the ' +
    'form `scheme://host[:port][/path]`, not https (http only on loopback), too broad (`*`, `https://*`, ' +
    '`*.com`) or already listed. Applies at once on every node. Audited (`staff.redirect_pattern_added`). ' +
    'Admin only (`platform.manage`).',
  errors: {
    400: [
      'ERROR_REDIRECT_PATTERN_INVALID',
      'ERROR_REDIRECT_PATTERN_SCHEME',
      'ERROR_REDIRECT_PATTERN_TOO_BROAD',
      'ERROR_REDIRECT_PATTERN_EXISTS',
    ],
    403: ['ERROR_STAFF_ROLE_INSUFFICIENT'],
  },
});
