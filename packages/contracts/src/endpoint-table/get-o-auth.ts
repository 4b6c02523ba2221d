/** GET oauth: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { OAuthQuerySchema, OAuthResponseSchema } from '../sso.ts';

export const getOAuth = /* @__PURE__ */ defineEndpoint('getOAuth', {
  method: 'GET',
  path: 'oauth',
  query: OAuthQuerySchema,
  responses: { 200: OAuthResponseSchema },
  auth: 'anonymous',
  rateLimited: true,
  summary: "The hub's authorization endpoint (spec §7 GET oauth; RFC 6749 §4.1.1): where to send the player.",
  errors: {
    400: [
      'ERROR_OAUTH_CLIENT_UNKNOWN',
      'ERROR_OAUTH_REDIRECT_URI_INVALID',
      'ERROR_OAUTH_REQUEST_INVALID',
      'ERROR_REDIRECT_NOT_ALLOWED',
    ],
  },
});
