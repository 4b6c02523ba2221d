/** POST register/new-user: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { SuccessResponseSchema } from '../common.ts';
import { RegisterRequestSchema } from '../register.ts';
import { REGISTRATION } from './shared-codes.ts';

export const postRegisterNewUser = /* @__PURE__ */ defineEndpoint('postRegisterNewUser', {
  method: 'POST',
  path: 'register/new-user',
  body: RegisterRequestSchema,
  responses: { 201: SuccessResponseSchema },
  auth: 'anonymous',
  rateLimited: true,
  summary: 'Creates an account (spec §7 POST register/new-user); a confirmation e-mail follows.',
  errors: { 400: REGISTRATION },
});
