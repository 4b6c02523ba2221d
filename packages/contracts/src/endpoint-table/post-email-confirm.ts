/** POST email/confirm: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { ConfirmResponseSchema, EmailConfirmRequestSchema } from '../register.ts';

export const postEmailConfirm = /* @__PURE__ */ defineEndpoint('postEmailConfirm', {
  method: 'POST',
  path: 'email/confirm',
  body: EmailConfirmRequestSchema,
  responses: { 200: ConfirmResponseSchema },
  auth: 'anonymous',
  rateLimited: true,
  summary: "Confirms an account's e-mail address by the link's Uid (spec §7 POST email/confirm).",
  errors: { 400: ['ERROR_EMAIL_RECOVERY_NOTEXISTS', 'ERROR_EMAIL_RECOVERY_EXPIRED'] },
});
