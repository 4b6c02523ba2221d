/** POST log/user/{id}/log-in: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { LoginResponseSchema, UserIdParamsSchema, UserLoginRequestSchema } from '../session.ts';
import { LOG_IN } from './shared-codes.ts';

export const postLogUserLogIn = /* @__PURE__ */ defineEndpoint('postLogUserLogIn', {
  method: 'POST',
  path: 'log/user/{id}/log-in',
  params: UserIdParamsSchema,
  body: UserLoginRequestSchema,
  responses: { 200: LoginResponseSchema },
  auth: 'anonymous',
  rateLimited: true,
  summary: 'The second step of the log-in (spec §7 POST log/user/{id}/log-in): the password.',
  errors: { 400: LOG_IN },
});
