/** POST log/passkey: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { PasskeyLoginRequestSchema } from '../passkeys.ts';
import { CreatedResponseSchema } from '../session.ts';

export const postLogPasskey = /* @__PURE__ */ defineEndpoint('postLogPasskey', {
  method: 'POST',
  path: 'log/passkey',
  body: PasskeyLoginRequestSchema,
  responses: { 200: CreatedResponseSchema },
  auth: 'anonymous',
  rateLimited: true,
  summary:
    'Signs in with a passkey alone (user verification required): the identity, as the log-in calls ' +
    '(issue 22 §3). ' +
    '404 when the passkeys flag is off.',
  errors: {
    400: ['ERROR_PASSKEY_INVALID', 'ERROR_USER_BANNED', 'ERROR_USER_CONFIRMED'],
    404: ['ERROR_NOT_FOUND'],
  },
});
