/** GET focus/oauth/partner: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { PartnerCallbackQuerySchema, PartnerCallbackResponseSchema } from '../partner.ts';
import { PARTNER_SIGN_ON } from './shared-codes.ts';

export const getFocusOAuthPartner = /* @__PURE__ */ defineEndpoint('getFocusOAuthPartner', {
  method: 'GET',
  path: 'focus/oauth/partner',
  query: PartnerCallbackQuerySchema,
  responses: { 200: PartnerCallbackResponseSchema },
  auth: 'anonymous',
  rateLimited: true,
  summary: 'Completes a Focus sign-on (spec §7 GET focus/oauth/partner): Created or CreateAccount.',
  errors: { 400: PARTNER_SIGN_ON, 503: ['ERROR_PARTNER_NOT_REACHABLE'] },
});
