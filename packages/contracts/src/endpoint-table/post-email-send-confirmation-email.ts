/** POST email/send-confirmation-email: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { EmailLinkQuerySchema } from '../account.ts';
import { SuccessResponseSchema } from '../common.ts';
import { SendConfirmationEmailRequestSchema } from '../register.ts';

export const postEmailSendConfirmationEmail = /* @__PURE__ */ defineEndpoint(
  'postEmailSendConfirmationEmail',
  {
    method: 'POST',
    path: 'email/send-confirmation-email',
    body: SendConfirmationEmailRequestSchema,
    responses: { 200: SuccessResponseSchema },
    auth: 'anonymous',
    rateLimited: true,
    summary: 'Sends the confirmation e-mail again (spec §7 POST email/send-confirmation-email).',
    errors: { 400: ['ERROR_EMAIL_EMPTY', 'ERROR_USER_IP_BANNED'] },
  },
);
export const getEmailUpdateEmailConfirm = /* @__PURE__ */ defineEndpoint('getEmailUpdateEmailConfirm', {
  method: 'GET',
  path: 'email/update-email-confirm',
  query: EmailLinkQuerySchema,
  responses: { 200: SuccessResponseSchema },
  auth: 'anonymous',
  rateLimited: true,
  summary: 'Confirms an e-mail change from the link (spec §7 GET email/update-email-confirm).',
  errors: { 400: ['ERROR_EMAIL_RECOVERY_NOTEXISTS', 'ERROR_EMAIL_RECOVERY_EXPIRED', 'ERROR_EMAIL_EXIST'] },
});
