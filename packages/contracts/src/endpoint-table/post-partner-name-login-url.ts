/** POST partner/{partner}/login-url: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { PartnerLoginUrlRequestSchema, PartnerParamsSchema, PartnerUrlResponseSchema } from '../partner.ts';
import { PARTNER_SIGN_ON } from './shared-codes.ts';

export const postPartnerNameLoginUrl = /* @__PURE__ */ defineEndpoint('postPartnerNameLoginUrl', {
  method: 'POST',
  path: 'partner/{partner}/login-url',
  params: PartnerParamsSchema,
  body: PartnerLoginUrlRequestSchema,
  responses: { 200: PartnerUrlResponseSchema },
  auth: 'anonymous',
  rateLimited: true,
  summary: "A studio's sign-in page (spec §7 POST partner/{partner name}/login-url).",
  errors: { 400: PARTNER_SIGN_ON, 503: ['ERROR_PARTNER_NOT_REACHABLE'] },
});
