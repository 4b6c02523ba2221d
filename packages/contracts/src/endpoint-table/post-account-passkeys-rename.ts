/** POST account/passkeys/{passkeyId}/rename: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { SuccessResponseSchema } from '../common.ts';
import { PasskeyIdParamsSchema, PasskeyRenameRequestSchema } from '../passkeys.ts';

export const postAccountPasskeysRename = /* @__PURE__ */ defineEndpoint('postAccountPasskeysRename', {
  method: 'POST',
  path: 'account/passkeys/{passkeyId}/rename',
  params: PasskeyIdParamsSchema,
  body: PasskeyRenameRequestSchema,
  responses: { 200: SuccessResponseSchema },
  auth: 'user',
  rateLimited: true,
  summary:
    "Renames one of the player's passkeys (issue 22 §3). 404 for another player's or an unknown " +
    'passkey, and when the passkeys flag is off.',
  errors: { 400: ['ERROR_PASSKEY_NAME_EMPTY'], 404: ['ERROR_NOT_FOUND'] },
});
