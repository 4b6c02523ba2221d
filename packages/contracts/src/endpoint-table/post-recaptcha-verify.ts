/** POST recaptcha/verify: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { CaptchaTokenRequestSchema, RecaptchaVerifyResponseSchema } from '../captcha.ts';
import { CAPTCHA } from './shared-codes.ts';

export const postRecaptchaVerify = /* @__PURE__ */ defineEndpoint('postRecaptchaVerify', {
  method: 'POST',
  path: 'recaptcha/verify',
  body: CaptchaTokenRequestSchema,
  responses: { 200: RecaptchaVerifyResponseSchema },
  auth: 'anonymous',
  rateLimited: true,
  summary: 'Checks a captcha token (spec §7 POST recaptcha/verify): Success, IsValid.',
  errors: { 400: CAPTCHA },
});
