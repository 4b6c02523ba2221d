/** POST log/log-in: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { LoginResponseSchema, LoginRequestSchema } from '../session.ts';
import { LOG_IN } from './shared-codes.ts';

export const postLogLogIn = /* @__PURE__ */ defineEndpoint('postLogLogIn', {
  method: 'POST',
  path: 'log/log-in',
  body: LoginRequestSchema,
  responses: { 200: LoginResponseSchema },
  auth: 'anonymous',
  rateLimited: true,
  summary: 'Logs in with username or e-mail and password (spec §7 POST log/log-in): the identity.',
  errors: { 400: LOG_IN },
});
