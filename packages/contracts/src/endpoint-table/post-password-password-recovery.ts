/** POST password/password-recovery: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { PasswordRecoveryRequestSchema } from '../account.ts';
import { SuccessResponseSchema } from '../common.ts';

export const postPasswordPasswordRecovery = /* @__PURE__ */ defineEndpoint('postPasswordPasswordRecovery', {
  method: 'POST',
  path: 'password/password-recovery',
  body: PasswordRecoveryRequestSchema,
  responses: { 200: SuccessResponseSchema },
  auth: 'anonymous',
  rateLimited: true,
  summary: 'Sends a password recovery link (spec §7 POST password/password-recovery).',
  errors: { 400: ['ERROR_EMAIL_EMPTY', 'ERROR_USER_IP_BANNED', 'ERROR_NOT_ALLOWED'] },
});
