/**
 * POST account/connected-sites/{clientId}/remove: one entry of the endpoint table (endpoints.ts,
 * endpoint-table/index.ts).
 */
import { defineEndpoint } from '../endpoints.ts';
import { SuccessResponseSchema } from '../common.ts';
import { ConnectedSiteParamsSchema } from '../connected-sites.ts';

export const postAccountConnectedSitesRemove = /* @__PURE__ */ defineEndpoint(
  'postAccountConnectedSitesRemove',
  {
    method: 'POST',
    path: 'account/connected-sites/{clientId}/remove',
    params: ConnectedSiteParamsSchema,
    responses: { 200: SuccessResponseSchema },
    auth: 'user',
    rateLimited: true,
    summary:
      "Remove access: revokes the logged-in player's grants to site clientId and every code and token " +
      'of them (issue 21 §4; RFC 7009 §2.1).',
    errors: { 400: ['ERROR_CONNECTED_SITE_UNKNOWN'] },
  },
);
