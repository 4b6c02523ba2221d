/** POST account/passkeys/{passkeyId}/remove: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { SuccessResponseSchema } from '../common.ts';
import { PasskeyIdParamsSchema } from '../passkeys.ts';

export const postAccountPasskeysRemove = /* @__PURE__ */ defineEndpoint('postAccountPasskeysRemove', {
  method: 'POST',
  path: 'account/passkeys/{passkeyId}/remove',
  params: PasskeyIdParamsSchema,
  responses: { 200: SuccessResponseSchema },
  auth: 'user',
  rateLimited: true,
  summary:
    "Removes one of the player's passkeys (needs a recent re-authentication; issue 22 §3). 404 for " +
    "another player's or an unknown passkey, and when the passkeys flag is off.",
  errors: { 400: ['ERROR_REAUTHENTICATION_REQUIRED'], 404: ['ERROR_NOT_FOUND'] },
});
