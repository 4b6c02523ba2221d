/** GET token/verify: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { TokenVerifyQuerySchema, TokenVerifyResponseSchema } from '../session.ts';

export const getTokenVerify = /* @__PURE__ */ defineEndpoint('getTokenVerify', {
  method: 'GET',
  path: 'token/verify',
  query: TokenVerifyQuerySchema,
  responses: { 200: TokenVerifyResponseSchema },
  auth: 'client-or-anonymous',
  summary: 'Checks an access token of a client (spec §7 GET token/verify): its remaining lifetime.',
  errors: { 400: ['ERROR_TOKEN_INVALID'] },
});
