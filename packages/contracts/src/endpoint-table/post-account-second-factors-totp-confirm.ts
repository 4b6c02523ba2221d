/**
 * POST account/second-factors/totp/confirm: one entry of the endpoint table (endpoints.ts,
 * endpoint-table/index.ts).
 */
import { defineEndpoint } from '../endpoints.ts';
import { RecoveryCodesResponseSchema, TotpConfirmRequestSchema } from '../second-factors.ts';

export const postAccountSecondFactorsTotpConfirm = /* @__PURE__ */ defineEndpoint(
  'postAccountSecondFactorsTotpConfirm',
  {
    method: 'POST',
    path: 'account/second-factors/totp/confirm',
    body: TotpConfirmRequestSchema,
    responses: { 200: RecoveryCodesResponseSchema },
    auth: 'user',
    rateLimited: true,
    summary:
      'Confirms the pending authenticator app with one of its codes and answers the ten recovery codes, ' +
      'shown this once (issue 22 §1, §2). 404 when the authenticatorApp flag is off.',
    errors: {
      400: ['ERROR_SECOND_FACTOR_INVALID', 'ERROR_SECOND_FACTOR_NONE', 'ERROR_SECOND_FACTOR_EXISTS'],
      404: ['ERROR_NOT_FOUND'],
    },
  },
);
