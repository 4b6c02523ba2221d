/** GET creativeassembly/oauth/partner: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import {
  PartnerCallbackQuerySchema,
  PartnerCallbackResponseSchema,
  PartnerRegisterRequestSchema,
} from '../partner.ts';
import { CreatedResponseSchema } from '../session.ts';
import { PARTNER_SIGN_ON, REGISTRATION } from './shared-codes.ts';

export const getCreativeAssemblyOAuthPartner = /* @__PURE__ */ defineEndpoint(
  'getCreativeAssemblyOAuthPartner',
  {
    method: 'GET',
    path: 'creativeassembly/oauth/partner',
    query: PartnerCallbackQuerySchema,
    responses: { 200: PartnerCallbackResponseSchema },
    auth: 'anonymous',
    rateLimited: true,
    summary: 'Completes a Creative Assembly sign-on (spec §7 GET creativeassembly/oauth/partner).',
    errors: { 400: PARTNER_SIGN_ON, 503: ['ERROR_PARTNER_NOT_REACHABLE'] },
  },
);
export const postPartnerUserRegister = /* @__PURE__ */ defineEndpoint('postPartnerUserRegister', {
  method: 'POST',
  path: 'partner/user/register',
  body: PartnerRegisterRequestSchema,
  responses: { 200: CreatedResponseSchema },
  auth: 'anonymous',
  rateLimited: true,
  summary: 'Creates the account of a partner player (spec §7 POST partner/user/register).',
  errors: { 400: [...REGISTRATION, ...PARTNER_SIGN_ON] },
});
