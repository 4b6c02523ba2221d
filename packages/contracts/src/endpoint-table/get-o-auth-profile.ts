/** GET oauth/profile: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { OAuthProfileQuerySchema, OAuthProfileResponseSchema } from '../sso.ts';

export const getOAuthProfile = /* @__PURE__ */ defineEndpoint('getOAuthProfile', {
  method: 'GET',
  path: 'oauth/profile',
  query: OAuthProfileQuerySchema,
  responses: { 200: OAuthProfileResponseSchema },
  auth: 'client',
  summary:
    'Partner server-to-server call (HTTP Basic client credentials): the public profile and badges ' +
    'of the player an access token of this client names (scope profile). See docs/partner-api.md.',
  errors: { 400: ['ERROR_TOKEN_INVALID'] },
});
