/** POST log/second-factor: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { SecondFactorLoginRequestSchema } from '../second-factors.ts';
import { CreatedResponseSchema } from '../session.ts';

export const postLogSecondFactor = /* @__PURE__ */ defineEndpoint('postLogSecondFactor', {
  method: 'POST',
  path: 'log/second-factor',
  body: SecondFactorLoginRequestSchema,
  responses: { 200: CreatedResponseSchema },
  auth: 'anonymous',
  rateLimited: true,
  summary:
    "Completes a log-in whose password step answered a SecondFactorTicket, with a code of the player's " +
    'authenticator app, a passkey or a recovery code (consumed): the identity, as the log-in calls ' +
    '(issue 22 §4). RememberDevice skips the step on this browser for 30 days. 404 when both the ' +
    'authenticatorApp and the passkeys flags are off.',
  errors: {
    400: [
      'ERROR_SECOND_FACTOR_INVALID',
      'ERROR_PASSKEY_INVALID',
      'ERROR_SECOND_FACTOR_TICKET_INVALID',
      'ERROR_USER_BANNED',
    ],
    404: ['ERROR_NOT_FOUND'],
  },
});
