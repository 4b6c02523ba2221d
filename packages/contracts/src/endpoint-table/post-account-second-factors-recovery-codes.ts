/**
 * POST account/second-factors/recovery-codes: one entry of the endpoint table (endpoints.ts,
 * endpoint-table/index.ts).
 */
import { defineEndpoint } from '../endpoints.ts';
import { RecoveryCodesResponseSchema } from '../second-factors.ts';

export const postAccountSecondFactorsRecoveryCodes = /* @__PURE__ */ defineEndpoint(
  'postAccountSecondFactorsRecoveryCodes',
  {
    method: 'POST',
    path: 'account/second-factors/recovery-codes',
    responses: { 200: RecoveryCodesResponseSchema },
    auth: 'user',
    rateLimited: true,
    summary:
      'Replaces the recovery codes with ten new ones, shown this once (needs a recent re-authentication ' +
      'and a confirmed authenticator app; issue 22 §2). 404 when the authenticatorApp flag is off.',
    errors: {
      400: ['ERROR_REAUTHENTICATION_REQUIRED', 'ERROR_SECOND_FACTOR_NONE'],
      404: ['ERROR_NOT_FOUND'],
    },
  },
);
