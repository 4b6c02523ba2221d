/** POST password/password-recovery-validation: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import {
  AccountPasswordResetRequestSchema,
  PasswordRecoveryCheckRequestSchema,
  PasswordRecoveryValidationRequestSchema,
} from '../account.ts';
import { SuccessResponseSchema } from '../common.ts';
import { PASSWORD_RULES, REAUTHENTICATION } from './shared-codes.ts';

export const postPasswordPasswordRecoveryValidation = /* @__PURE__ */ defineEndpoint(
  'postPasswordPasswordRecoveryValidation',
  {
    method: 'POST',
    path: 'password/password-recovery-validation',
    body: PasswordRecoveryValidationRequestSchema,
    responses: { 200: SuccessResponseSchema },
    auth: 'anonymous',
    rateLimited: true,
    summary: 'Sets a new password from a recovery link (spec §7 POST password/password-recovery-validation).',
    errors: {
      400: [
        ...PASSWORD_RULES,
        'ERROR_PASSWORD_RECOVERY_NOTEXISTS',
        'ERROR_PASSWORD_RECOVERY_EXPIRED',
        'ERROR_USER_IP_BANNED',
        'ERROR_NOT_ALLOWED',
      ],
    },
  },
);
export const postPasswordPasswordRecoveryCheck = /* @__PURE__ */ defineEndpoint(
  'postPasswordPasswordRecoveryCheck',
  {
    method: 'POST',
    path: 'password/password-recovery-check',
    body: PasswordRecoveryCheckRequestSchema,
    responses: { 200: SuccessResponseSchema },
    auth: 'anonymous',
    rateLimited: true,
    summary: 'Whether a recovery link is still valid, before the form shows.',
    errors: { 400: ['ERROR_PASSWORD_RECOVERY_NOTEXISTS', 'ERROR_PASSWORD_RECOVERY_EXPIRED'] },
  },
);
export const postPasswordPasswordReset = /* @__PURE__ */ defineEndpoint('postPasswordPasswordReset', {
  method: 'POST',
  path: 'password/password-reset',
  body: AccountPasswordResetRequestSchema,
  responses: { 200: SuccessResponseSchema },
  auth: 'user',
  rateLimited: true,
  summary: "Changes the logged-in player's password (spec §7 POST password/password-reset).",
  errors: {
    400: [...PASSWORD_RULES, 'ERROR_OLD_PASSWORD_INCORRECT', 'ERROR_NOT_ALLOWED', ...REAUTHENTICATION],
  },
});
