/** POST log/identify: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { IdentifyRequestSchema, IdentifyResponseSchema } from '../session.ts';
import { LOG_IN } from './shared-codes.ts';

export const postLogIdentify = /* @__PURE__ */ defineEndpoint('postLogIdentify', {
  method: 'POST',
  path: 'log/identify',
  body: IdentifyRequestSchema,
  responses: { 200: IdentifyResponseSchema },
  auth: 'anonymous',
  rateLimited: true,
  summary: 'The first step of the log-in (spec §7 POST log/identify): who the username or e-mail names.',
  errors: { 400: LOG_IN },
});
