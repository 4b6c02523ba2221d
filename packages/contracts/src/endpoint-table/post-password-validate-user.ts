/** POST password/validate/user/{id}: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { PasswordValidateRequestSchema } from '../deletion.ts';
import { UserIdParamsSchema } from '../session.ts';
import { PasswordValidateResponseSchema } from '../second-factors.ts';

export const postPasswordValidateUser = /* @__PURE__ */ defineEndpoint('postPasswordValidateUser', {
  method: 'POST',
  path: 'password/validate/user/{id}',
  params: UserIdParamsSchema,
  body: PasswordValidateRequestSchema,
  responses: { 200: PasswordValidateResponseSchema },
  auth: 'user',
  rateLimited: true,
  summary:
    "Checks the player's password (spec §7 POST password/validate/user/{userId}); with a second factor " +
    'enrolled, answers a SecondFactorTicket to complete the re-authentication (issue 22 §4 step-up).',
  errors: { 400: ['ERROR_PASSWORD_EMPTY', 'ERROR_PASSWORD_INCORRECT'] },
});
