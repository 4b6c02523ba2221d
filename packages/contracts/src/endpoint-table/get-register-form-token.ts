/** GET register/form-token: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { RegisterFormTokenResponseSchema } from '../register.ts';

export const getRegisterFormToken = /* @__PURE__ */ defineEndpoint('getRegisterFormToken', {
  method: 'GET',
  path: 'register/form-token',
  responses: { 200: RegisterFormTokenResponseSchema },
  auth: 'anonymous',
  rateLimited: true,
  summary: 'The registration form\'s timing token (docs/security.md "Too fast").',
});
