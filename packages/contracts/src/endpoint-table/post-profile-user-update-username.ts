/** POST profile/user/{id}/update-username: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { UpdateUsernameRequestSchema } from '../account.ts';
import { SuccessResponseSchema } from '../common.ts';
import { UserIdParamsSchema } from '../session.ts';
import { USERNAME_RULES } from './shared-codes.ts';

export const postProfileUserUpdateUsername = /* @__PURE__ */ defineEndpoint('postProfileUserUpdateUsername', {
  method: 'POST',
  path: 'profile/user/{id}/update-username',
  params: UserIdParamsSchema,
  body: UpdateUsernameRequestSchema,
  responses: { 200: SuccessResponseSchema },
  auth: 'user',
  rateLimited: true,
  summary: 'Changes the username (spec §7 POST profile/user/{userId}/update-username).',
  errors: { 400: [...USERNAME_RULES, 'ERROR_NOT_ALLOWED'] },
});
