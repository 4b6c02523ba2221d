/** POST oauth/token: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { OAuthTokenErrorBodySchema, OAuthTokenRequestSchema, OAuthTokenResponseSchema } from '../sso.ts';

export const postOAuthToken = /* @__PURE__ */ defineEndpoint('postOAuthToken', {
  method: 'POST',
  path: 'oauth/token',
  body: OAuthTokenRequestSchema,
  responses: {
    200: OAuthTokenResponseSchema,
    400: OAuthTokenErrorBodySchema,
    401: OAuthTokenErrorBodySchema,
  },
  auth: 'client',
  summary:
    "The hub's token endpoint (RFC 6749 §4.1.3): a partner server exchanges an authorization code " +
    '(JSON or form body; errors in the RFC 6749 §5.2 shape plus the §8 ErrorMessages).',
  errors: {
    400: ['ERROR_OAUTH_GRANT_INVALID', 'ERROR_OAUTH_REQUEST_INVALID'],
    429: ['ERROR_RATE_LIMITED'],
  },
});
