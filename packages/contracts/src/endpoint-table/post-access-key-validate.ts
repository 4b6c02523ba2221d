/** POST accesskey/validate: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { SuccessResponseSchema } from '../common.ts';
import { AccessKeyValidateRequestSchema } from '../register.ts';

export const postAccessKeyValidate = /* @__PURE__ */ defineEndpoint('postAccessKeyValidate', {
  method: 'POST',
  path: 'accesskey/validate',
  body: AccessKeyValidateRequestSchema,
  responses: { 200: SuccessResponseSchema },
  auth: 'anonymous',
  rateLimited: true,
  summary: 'Checks an access key (spec §7 POST accesskey/validate).',
  errors: {
    400: [
      'ERROR_ACCESS_KEY_NON_EXISTANT',
      'ERROR_ACCESS_KEY_ALREADY_USED',
      'ERROR_NOT_ALLOWED',
      'ERROR_USER_IP_BANNED',
    ],
  },
});
