/** GET account/second-factors: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { SecondFactorsResponseSchema } from '../second-factors.ts';

export const getAccountSecondFactors = /* @__PURE__ */ defineEndpoint('getAccountSecondFactors', {
  method: 'GET',
  path: 'account/second-factors',
  responses: { 200: SecondFactorsResponseSchema },
  auth: 'user',
  rateLimited: true,
  summary:
    "The logged-in player's second factors: a confirmed authenticator app and the recovery codes left " +
    '(issue 22 §1, §2). 404 when the authenticatorApp flag is off.',
  errors: { 404: ['ERROR_NOT_FOUND'] },
});
