/** POST newsletter/unsubscribe: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { SuccessResponseSchema } from '../common.ts';
import { UnsubscribeRequestSchema } from '../newsletter.ts';

export const postNewsletterUnsubscribe = /* @__PURE__ */ defineEndpoint('postNewsletterUnsubscribe', {
  method: 'POST',
  path: 'newsletter/unsubscribe',
  body: UnsubscribeRequestSchema,
  responses: { 200: SuccessResponseSchema },
  auth: 'anonymous',
  rateLimited: true,
  summary: "Unsubscribes by an e-mail's unsubscribe link (RFC 8058).",
  errors: { 400: ['ERROR_UNSUBSCRIBE_INVALID'] },
});
