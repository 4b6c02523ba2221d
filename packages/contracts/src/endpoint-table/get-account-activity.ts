/** GET account/activity: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { ActivityQuerySchema, ActivityResponseSchema } from '../account-security.ts';

export const getAccountActivity = /* @__PURE__ */ defineEndpoint('getAccountActivity', {
  method: 'GET',
  path: 'account/activity',
  query: ActivityQuerySchema,
  responses: { 200: ActivityResponseSchema },
  auth: 'user',
  rateLimited: true,
  summary:
    "Recent activity: the logged-in player's own security events of the last 90 days, newest first, " +
    'by pages of `limit` after `cursor` (issue 22 §7). 404 when the securityActivity flag is off.',
  errors: { 400: ['ERROR_ACTIVITY_CURSOR_INVALID'], 404: ['ERROR_NOT_FOUND'] },
});
