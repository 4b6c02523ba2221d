/** GET account/passkeys: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { PasskeysResponseSchema } from '../passkeys.ts';

export const getAccountPasskeys = /* @__PURE__ */ defineEndpoint('getAccountPasskeys', {
  method: 'GET',
  path: 'account/passkeys',
  responses: { 200: PasskeysResponseSchema },
  auth: 'user',
  rateLimited: true,
  summary:
    "The logged-in player's passkeys: name, when added and last used, synced or not (issue 22 §3). " +
    '404 when the passkeys flag is off.',
  errors: { 404: ['ERROR_NOT_FOUND'] },
});
