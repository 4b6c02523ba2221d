/** POST deletion/partner/user/{id}: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { SuccessResponseSchema } from '../common.ts';
import { DeletionRequestSchema } from '../deletion.ts';
import { UserIdParamsSchema } from '../session.ts';

export const postDeletionPartnerUser = /* @__PURE__ */ defineEndpoint('postDeletionPartnerUser', {
  method: 'POST',
  path: 'deletion/partner/user/{id}',
  params: UserIdParamsSchema,
  body: DeletionRequestSchema,
  responses: { 200: SuccessResponseSchema },
  auth: 'user',
  rateLimited: true,
  summary: 'Deletes the account without a password check (spec §7 POST deletion/partner/user/{userId}).',
  errors: {
    400: [
      'ERROR_EMAIL_UNKNOWN',
      'ERROR_DELETION_TYPE_NOTEXISTS',
      'ERROR_DELETION_REASON_EMPTY',
      'ERROR_DELETION_REASON_LENGTH',
      'ERROR_NOT_ALLOWED',
    ],
  },
});
