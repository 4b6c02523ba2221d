/** GET email/update-email-recovery: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { EmailLinkQuerySchema } from '../account.ts';
import { SuccessResponseSchema } from '../common.ts';

export const getEmailUpdateEmailRecovery = /* @__PURE__ */ defineEndpoint('getEmailUpdateEmailRecovery', {
  method: 'GET',
  path: 'email/update-email-recovery',
  query: EmailLinkQuerySchema,
  responses: { 200: SuccessResponseSchema },
  auth: 'anonymous',
  rateLimited: true,
  summary: 'Restores the former e-mail address from the link (spec §7 GET email/update-email-recovery).',
  errors: { 400: ['ERROR_EMAIL_RECOVERY_NOTEXISTS', 'ERROR_EMAIL_RECOVERY_EXPIRED', 'ERROR_EMAIL_EXIST'] },
});
