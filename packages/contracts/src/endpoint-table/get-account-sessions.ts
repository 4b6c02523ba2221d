/** GET account/sessions: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { AccountSessionsResponseSchema } from '../account-security.ts';

export const getAccountSessions = /* @__PURE__ */ defineEndpoint('getAccountSessions', {
  method: 'GET',
  path: 'account/sessions',
  responses: { 200: AccountSessionsResponseSchema },
  auth: 'user',
  rateLimited: true,
  summary:
    "Where you're signed in: the logged-in player's active portal sessions with device, IP, first and " +
    'last use, and which is the caller (issue 22 §5). 404 when the securitySessions flag is off.',
  errors: { 404: ['ERROR_NOT_FOUND'] },
});
