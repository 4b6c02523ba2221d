/** GET redirect/allowed-redirect-domains: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { AllowedRedirectDomainsResponseSchema } from '../redirect.ts';
import { IdentityParamsSchema, TokenSchema } from '../session.ts';

export const getRedirectAllowedRedirectDomains = /* @__PURE__ */ defineEndpoint(
  'getRedirectAllowedRedirectDomains',
  {
    method: 'GET',
    path: 'redirect/allowed-redirect-domains',
    responses: { 200: AllowedRedirectDomainsResponseSchema },
    auth: 'anonymous',
    summary: "The redirect allow-list's patterns, for the SPA's check (spec §7).",
  },
);
export const getTokenIdentity = /* @__PURE__ */ defineEndpoint('getTokenIdentity', {
  method: 'GET',
  path: 'token/{identity}',
  params: IdentityParamsSchema,
  responses: { 200: TokenSchema },
  auth: 'anonymous',
  summary: 'The access token of a log-in identity (spec §7 GET token/{identity}); never cached.',
  errors: { 400: ['ERROR_TOKEN_INVALID', 'ERROR_TOKEN_USER_INVALID'] },
});
