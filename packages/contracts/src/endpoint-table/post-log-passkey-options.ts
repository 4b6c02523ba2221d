/** POST log/passkey/options: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { PasskeyLoginOptionsRequestSchema, PasskeyOptionsResponseSchema } from '../passkeys.ts';

export const postLogPasskeyOptions = /* @__PURE__ */ defineEndpoint('postLogPasskeyOptions', {
  method: 'POST',
  path: 'log/passkey/options',
  body: PasskeyLoginOptionsRequestSchema,
  responses: { 200: PasskeyOptionsResponseSchema },
  auth: 'anonymous',
  rateLimited: true,
  summary:
    'Options for navigator.credentials.get() (WebAuthn §5.5): for a passwordless log-in, or with a ' +
    "SecondFactorTicket for that player's passkeys as the second step (issue 22 §3, §4). " +
    '404 when the passkeys flag is off.',
  errors: { 400: ['ERROR_SECOND_FACTOR_TICKET_INVALID'], 404: ['ERROR_NOT_FOUND'] },
});
