/** DELETE admin/redirect-patterns/{id}: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { SuccessResponseSchema } from '../common.ts';
import { RedirectPatternParamsSchema } from '../admin-platform.ts';

export const deleteAdminRedirectPatterns = /* @__PURE__ */ defineEndpoint('deleteAdminRedirectPatterns', {
  method: 'DELETE',
  path: 'admin/redirect-patterns/{id}',
  params: RedirectPatternParamsSchema,
  responses: { 200: SuccessResponseSchema },
  auth: 'staff',
  rateLimited: true,
  summary:
    'Removes a pattern from the redirect allow-list (issue 24 §3); applies at once on every node. A pattern ' +
    'of the configuration (`PUBLIC_URL`, `REDIRECT_PATTERNS`) cannot be removed here. Audited ' +
    '(`staff.redirect_pattern_removed`). Admin only (`platform.manage`).',
  errors: {
    400: ['ERROR_REDIRECT_PATTERN_CONFIGURED'],
    403: ['ERROR_STAFF_ROLE_INSUFFICIENT'],
    404: ['ERROR_NOT_FOUND'],
  },
});
