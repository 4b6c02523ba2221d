/**
 * POST account/second-factors/totp/remove: one entry of the endpoint table (endpoints.ts,
 * endpoint-table/index.ts).
 */
import { defineEndpoint } from '../endpoints.ts';
import { SuccessResponseSchema } from '../common.ts';

export const postAccountSecondFactorsTotpRemove = /* @__PURE__ */ defineEndpoint(
  'postAccountSecondFactorsTotpRemove',
  {
    method: 'POST',
    path: 'account/second-factors/totp/remove',
    responses: { 200: SuccessResponseSchema },
    auth: 'user',
    rateLimited: true,
    summary:
      'Removes the authenticator app and the recovery codes (needs a recent re-authentication; issue 22 ' +
      '§1). 404 when the authenticatorApp flag is off.',
    errors: {
      400: ['ERROR_REAUTHENTICATION_REQUIRED', 'ERROR_SECOND_FACTOR_NONE'],
      404: ['ERROR_NOT_FOUND'],
    },
  },
);
