/** POST account/secure: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { SecureAccountRequestSchema, SecureAccountResponseSchema } from '../secure-account.ts';

export const postAccountSecure = /* @__PURE__ */ defineEndpoint('postAccountSecure', {
  method: 'POST',
  path: 'account/secure',
  body: SecureAccountRequestSchema,
  responses: { 200: SecureAccountResponseSchema },
  auth: 'anonymous',
  rateLimited: true,
  summary:
    '"This wasn\'t me" from a security alert e-mail (issue 22 §6): with the link\'s single-use token, ' +
    'revokes every session of the player, forgets their known devices and sends a password recovery link. ' +
    'Absent (404) when the securityAlerts flag is off.',
  errors: {
    400: ['ERROR_SECURE_ACCOUNT_NOTEXISTS', 'ERROR_SECURE_ACCOUNT_EXPIRED', 'ERROR_USER_IP_BANNED'],
  },
});
