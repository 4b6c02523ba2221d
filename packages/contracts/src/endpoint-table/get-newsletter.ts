/** GET newsletter: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { NewsletterResponseSchema } from '../newsletter.ts';

export const getNewsletter = /* @__PURE__ */ defineEndpoint('getNewsletter', {
  method: 'GET',
  path: 'newsletter',
  responses: { 200: NewsletterResponseSchema },
  auth: 'user',
  summary: "The newsletter lists and the player's opt-ins (spec §7 GET newsletter).",
});
