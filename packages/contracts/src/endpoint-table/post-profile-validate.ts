/** POST profile/validate: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { CaptchaTokenRequestSchema } from '../captcha.ts';
import { SuccessResponseSchema } from '../common.ts';
import { CAPTCHA } from './shared-codes.ts';

export const postProfileValidate = /* @__PURE__ */ defineEndpoint('postProfileValidate', {
  method: 'POST',
  path: 'profile/validate',
  body: CaptchaTokenRequestSchema,
  responses: { 200: SuccessResponseSchema },
  auth: 'anonymous',
  rateLimited: true,
  summary: 'Checks a captcha token (spec §7 POST profile/validate).',
  errors: { 400: CAPTCHA },
});
