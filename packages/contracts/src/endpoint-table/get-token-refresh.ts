/** GET token/refresh: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { TokenRefreshQuerySchema, TokenRefreshResponseSchema } from '../session.ts';

export const getTokenRefresh = /* @__PURE__ */ defineEndpoint('getTokenRefresh', {
  method: 'GET',
  path: 'token/refresh',
  query: TokenRefreshQuerySchema,
  responses: { 200: TokenRefreshResponseSchema },
  auth: 'client-or-anonymous',
  summary: 'A new access token for a refresh token (spec §7 GET token/refresh).',
  errors: { 400: ['ERROR_TOKEN_INVALID', 'ERROR_TOKEN_INVALID_REFRESH'] },
});
