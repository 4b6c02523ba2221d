/** POST deletion/user/{id}: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { SuccessResponseSchema } from '../common.ts';
import { DeletionRequestSchema } from '../deletion.ts';
import { UserIdParamsSchema } from '../session.ts';

export const postDeletionUser = /* @__PURE__ */ defineEndpoint('postDeletionUser', {
  method: 'POST',
  path: 'deletion/user/{id}',
  params: UserIdParamsSchema,
  body: DeletionRequestSchema,
  responses: { 200: SuccessResponseSchema },
  auth: 'user',
  rateLimited: true,
  summary: 'Deletes the account after a password check (spec §7 POST deletion/user/{userId}).',
  errors: {
    400: [
      'ERROR_PASSWORD_EMPTY',
      'ERROR_PASSWORD_INCORRECT',
      'ERROR_EMAIL_UNKNOWN',
      'ERROR_DELETION_TYPE_NOTEXISTS',
      'ERROR_DELETION_REASON_EMPTY',
      'ERROR_DELETION_REASON_LENGTH',
      'ERROR_NOT_ALLOWED',
    ],
  },
});
