/** GET partner/{partner}/register-url: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { PartnerParamsSchema, PartnerUrlResponseSchema } from '../partner.ts';
import { PARTNER_SIGN_ON } from './shared-codes.ts';

export const getPartnerNameRegisterUrl = /* @__PURE__ */ defineEndpoint('getPartnerNameRegisterUrl', {
  method: 'GET',
  path: 'partner/{partner}/register-url',
  params: PartnerParamsSchema,
  responses: { 200: PartnerUrlResponseSchema },
  auth: 'anonymous',
  rateLimited: true,
  summary: "A studio's sign-up page (spec §7 GET partner/{partner}/register-url).",
  errors: {
    400: [...PARTNER_SIGN_ON, 'ERROR_USER_IP_BANNED_REGISTER'],
    503: ['ERROR_PARTNER_NOT_REACHABLE'],
  },
});
