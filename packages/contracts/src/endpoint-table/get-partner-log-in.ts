/** GET partner/log-in: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { PartnerCallbackQuerySchema, PartnerCallbackResponseSchema } from '../partner.ts';
import { PARTNER_SIGN_ON } from './shared-codes.ts';

export const getPartnerLogIn = /* @__PURE__ */ defineEndpoint('getPartnerLogIn', {
  method: 'GET',
  path: 'partner/log-in',
  query: PartnerCallbackQuerySchema,
  responses: { 200: PartnerCallbackResponseSchema },
  auth: 'anonymous',
  rateLimited: true,
  summary: "Completes a partner sign-on (spec §7 GET partner/log-in): the identity, or a new account's form.",
  errors: { 400: PARTNER_SIGN_ON, 503: ['ERROR_PARTNER_NOT_REACHABLE'] },
});
