/** GET account/connected-sites: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { ConnectedSitesResponseSchema } from '../connected-sites.ts';

export const getAccountConnectedSites = /* @__PURE__ */ defineEndpoint('getAccountConnectedSites', {
  method: 'GET',
  path: 'account/connected-sites',
  responses: { 200: ConnectedSitesResponseSchema },
  auth: 'user',
  rateLimited: true,
  summary:
    "The sites the logged-in player granted through the hub's OpenID Provider: name, scopes, last use " +
    '(issue 21 §4).',
});
