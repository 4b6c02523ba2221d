/** GET partner/user/{created}/log-in: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { PartnerTicketParamsSchema } from '../partner.ts';
import { CreatedResponseSchema } from '../session.ts';
import { PARTNER_SIGN_ON } from './shared-codes.ts';

export const getPartnerUserLogIn = /* @__PURE__ */ defineEndpoint('getPartnerUserLogIn', {
  method: 'GET',
  path: 'partner/user/{created}/log-in',
  params: PartnerTicketParamsSchema,
  responses: { 200: CreatedResponseSchema },
  auth: 'anonymous',
  rateLimited: true,
  summary: 'Logs the new partner player in (spec §7 GET partner/user/{created}/log-in): the identity.',
  errors: { 400: PARTNER_SIGN_ON },
});
