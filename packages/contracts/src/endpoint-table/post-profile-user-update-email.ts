/** POST profile/user/{id}/update-email: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { UpdateEmailRequestSchema } from '../account.ts';
import { SuccessResponseSchema } from '../common.ts';
import { UserIdParamsSchema } from '../session.ts';
import { EMAIL_RULES, REAUTHENTICATION } from './shared-codes.ts';

export const postProfileUserUpdateEmail = /* @__PURE__ */ defineEndpoint('postProfileUserUpdateEmail', {
  method: 'POST',
  path: 'profile/user/{id}/update-email',
  params: UserIdParamsSchema,
  body: UpdateEmailRequestSchema,
  responses: { 200: SuccessResponseSchema },
  auth: 'user',
  rateLimited: true,
  summary: 'Starts an e-mail change (spec §7 POST profile/user/{userId}/update-email).',
  errors: {
    400: [
      ...EMAIL_RULES,
      'ERROR_CONFIRM_EMAIL_INVALID',
      'ERROR_EMAIL_SAME',
      'ERROR_NOT_ALLOWED',
      ...REAUTHENTICATION,
    ],
  },
});
