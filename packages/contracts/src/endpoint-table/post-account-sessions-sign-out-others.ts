/**
 * POST account/sessions/sign-out-others: one entry of the endpoint table (endpoints.ts,
 * endpoint-table/index.ts).
 */
import { defineEndpoint } from '../endpoints.ts';
import { SignOutOthersResponseSchema } from '../account-security.ts';

export const postAccountSessionsSignOutOthers = /* @__PURE__ */ defineEndpoint(
  'postAccountSessionsSignOutOthers',
  {
    method: 'POST',
    path: 'account/sessions/sign-out-others',
    responses: { 200: SignOutOthersResponseSchema },
    auth: 'user',
    rateLimited: true,
    summary:
      "Sign out everywhere else: revokes every active session of the logged-in player but the caller's " +
      '(issue 22 §5). 404 when the securitySessions flag is off.',
    errors: { 404: ['ERROR_NOT_FOUND'] },
  },
);
