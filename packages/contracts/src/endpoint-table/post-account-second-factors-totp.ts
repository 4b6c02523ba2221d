/** POST account/second-factors/totp: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { TotpEnrolmentResponseSchema } from '../second-factors.ts';

export const postAccountSecondFactorsTotp = /* @__PURE__ */ defineEndpoint('postAccountSecondFactorsTotp', {
  method: 'POST',
  path: 'account/second-factors/totp',
  responses: { 200: TotpEnrolmentResponseSchema },
  auth: 'user',
  rateLimited: true,
  summary:
    'Starts enrolling an authenticator app (RFC 6238; needs a recent re-authentication): a new secret, ' +
    'as an otpauth URI, in base32 and as a QR code SVG; pending until confirmed (issue 22 §1). 404 when ' +
    'the authenticatorApp flag is off.',
  errors: {
    400: ['ERROR_REAUTHENTICATION_REQUIRED', 'ERROR_SECOND_FACTOR_EXISTS'],
    404: ['ERROR_NOT_FOUND'],
  },
});
