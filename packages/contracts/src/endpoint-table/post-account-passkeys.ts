/** POST account/passkeys: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { PasskeyRegisteredResponseSchema, PasskeyRegistrationRequestSchema } from '../passkeys.ts';

export const postAccountPasskeys = /* @__PURE__ */ defineEndpoint('postAccountPasskeys', {
  method: 'POST',
  path: 'account/passkeys',
  body: PasskeyRegistrationRequestSchema,
  responses: { 200: PasskeyRegisteredResponseSchema },
  auth: 'user',
  rateLimited: true,
  summary:
    "Verifies the browser's answer to the registration options and adds the named passkey; the " +
    'first second factor also answers the ten recovery codes, shown this once (issue 22 §3). ' +
    '404 when the passkeys flag is off.',
  errors: {
    400: [
      'ERROR_REAUTHENTICATION_REQUIRED',
      'ERROR_PASSKEY_INVALID',
      'ERROR_PASSKEY_NAME_EMPTY',
      'ERROR_PASSKEY_LIMIT',
    ],
    404: ['ERROR_NOT_FOUND'],
  },
});
