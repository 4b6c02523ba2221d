/**
 * POST account/sessions/{sessionId}/sign-out: one entry of the endpoint table (endpoints.ts,
 * endpoint-table/index.ts).
 */
import { defineEndpoint } from '../endpoints.ts';
import { SuccessResponseSchema } from '../common.ts';
import { AccountSessionParamsSchema } from '../account-security.ts';

export const postAccountSessionsSignOut = /* @__PURE__ */ defineEndpoint('postAccountSessionsSignOut', {
  method: 'POST',
  path: 'account/sessions/{sessionId}/sign-out',
  params: AccountSessionParamsSchema,
  responses: { 200: SuccessResponseSchema },
  auth: 'user',
  rateLimited: true,
  summary:
    "Signs one of the logged-in player's other sessions out: the session and its refresh tokens are " +
    'revoked and its access tokens refused at once (issue 22 §5). 404 when the securitySessions flag is off.',
  errors: { 400: ['ERROR_SESSION_UNKNOWN'], 404: ['ERROR_NOT_FOUND'] },
});
