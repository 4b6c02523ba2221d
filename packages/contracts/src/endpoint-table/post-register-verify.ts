/** POST register/verify: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { ConfirmResponseSchema, RegisterVerifyRequestSchema } from '../register.ts';

export const postRegisterVerify = /* @__PURE__ */ defineEndpoint('postRegisterVerify', {
  method: 'POST',
  path: 'register/verify',
  body: RegisterVerifyRequestSchema,
  responses: { 200: ConfirmResponseSchema },
  auth: 'anonymous',
  rateLimited: true,
  summary: 'Confirms a new account by its verification code (spec §7 POST register/verify).',
  errors: {
    400: ['ERROR_VERIFICATION_CODE_EMPTY', 'ERROR_EMAIL_RECOVERY_NOTEXISTS', 'ERROR_EMAIL_RECOVERY_EXPIRED'],
  },
});
