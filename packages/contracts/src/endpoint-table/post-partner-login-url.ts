/** POST partner/login-url: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import {
  PartnerUrlResponseSchema,
  PlayerPartnerLoginUrlQuerySchema,
  PlayerPartnerLoginUrlRequestSchema,
} from '../partner.ts';
import { PARTNER_SIGN_ON } from './shared-codes.ts';

export const postPartnerLoginUrl = /* @__PURE__ */ defineEndpoint('postPartnerLoginUrl', {
  method: 'POST',
  path: 'partner/login-url',
  query: PlayerPartnerLoginUrlQuerySchema,
  body: PlayerPartnerLoginUrlRequestSchema,
  responses: { 200: PartnerUrlResponseSchema },
  auth: 'anonymous',
  rateLimited: true,
  summary: "Where a partner player signs in (spec §7 POST partner/login-url): the studio's URL.",
  errors: { 400: PARTNER_SIGN_ON, 503: ['ERROR_PARTNER_NOT_REACHABLE'] },
});
