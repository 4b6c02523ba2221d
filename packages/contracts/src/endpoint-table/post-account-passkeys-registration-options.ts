/** POST account/passkeys/registration-options: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { PasskeyOptionsResponseSchema } from '../passkeys.ts';

export const postAccountPasskeysRegistrationOptions = /* @__PURE__ */ defineEndpoint(
  'postAccountPasskeysRegistrationOptions',
  {
    method: 'POST',
    path: 'account/passkeys/registration-options',
    responses: { 200: PasskeyOptionsResponseSchema },
    auth: 'user',
    rateLimited: true,
    summary:
      'Options for navigator.credentials.create() to add a passkey (WebAuthn §5.4; needs a recent ' +
      're-authentication; the challenge is single use, 5 minutes; issue 22 §3). ' +
      '404 when the passkeys flag is off.',
    errors: { 400: ['ERROR_REAUTHENTICATION_REQUIRED', 'ERROR_PASSKEY_LIMIT'], 404: ['ERROR_NOT_FOUND'] },
  },
);
