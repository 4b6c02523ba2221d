/** POST account/reauthentication/second-factor: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { SuccessResponseSchema } from '../common.ts';
import { ReauthenticationSecondFactorRequestSchema } from '../second-factors.ts';

export const postAccountReauthenticationSecondFactor = /* @__PURE__ */ defineEndpoint(
  'postAccountReauthenticationSecondFactor',
  {
    method: 'POST',
    path: 'account/reauthentication/second-factor',
    body: ReauthenticationSecondFactorRequestSchema,
    responses: { 200: SuccessResponseSchema },
    auth: 'user',
    rateLimited: true,
    summary:
      'Completes a re-authentication whose password step (POST password/validate/user/{id}) answered ' +
      'a SecondFactorTicket, with a code, a recovery code or a passkey: sensitive changes may follow ' +
      '(issue 22 §4 step-up).',
    errors: {
      400: ['ERROR_SECOND_FACTOR_INVALID', 'ERROR_PASSKEY_INVALID', 'ERROR_SECOND_FACTOR_TICKET_INVALID'],
    },
  },
);
