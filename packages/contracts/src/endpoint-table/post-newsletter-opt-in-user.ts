/** POST newsletter/optin-user: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { SuccessResponseSchema } from '../common.ts';
import { OptInRequestSchema } from '../newsletter.ts';

export const postNewsletterOptInUser = /* @__PURE__ */ defineEndpoint('postNewsletterOptInUser', {
  method: 'POST',
  path: 'newsletter/optin-user',
  body: OptInRequestSchema,
  responses: { 200: SuccessResponseSchema },
  auth: 'user',
  rateLimited: true,
  summary: 'Opts the player in or out of a list (spec §7 POST newsletter/optin-user).',
  errors: { 400: ['ERROR_OPTIN_NOT_EXISTS', 'ERROR_OPTIN', 'ERROR_NOT_ALLOWED'] },
});
