/**
 * The captcha calls (spec §7): POST recaptcha/verify {Token} → {Success, IsValid} and POST
 * profile/validate {Token} → {Success}. Both verify a reCAPTCHA v3 token of either action (login,
 * register) and let the call that follows present it once more (verify.ts). With the captcha flag off
 * there is nothing to verify: both answer that the token is fine.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import {
  CaptchaTokenRequestSchema,
  RecaptchaVerifyResponseSchema,
  SuccessResponseSchema,
} from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { anonymousAuth } from '../../plugins/auth.ts';
import { sensitiveRateLimit } from '../../plugins/rate-limit.ts';
import { badRequest } from '../../lib/errors.ts';
import { captchaEnabled, preverify } from './verify.ts';

/** Registers the captcha routes on the /api scope. */
export async function captchaRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const anonymous = anonymousAuth(ctx);

  r.post('/recaptcha/verify', {
    schema: { body: CaptchaTokenRequestSchema, response: { 200: RecaptchaVerifyResponseSchema } },
    config: { rateLimit: sensitiveRateLimit(ctx) },
    onRequest: anonymous,
    handler: async (request) => {
      if (!captchaEnabled(ctx)) return { Success: true, IsValid: true };
      const verdict = await preverify(ctx, (request.body.Token ?? '').trim(), request.ip);
      return { Success: verdict.kind !== 'unavailable', IsValid: verdict.kind === 'valid' };
    },
  });

  // @throws 400 ERROR_CAPTCHA_VERIFY_FAILED when the verifier does not answer
  r.post('/profile/validate', {
    schema: { body: CaptchaTokenRequestSchema, response: { 200: SuccessResponseSchema } },
    config: { rateLimit: sensitiveRateLimit(ctx) },
    onRequest: anonymous,
    handler: async (request) => {
      if (!captchaEnabled(ctx)) return { Success: true };
      const verdict = await preverify(ctx, (request.body.Token ?? '').trim(), request.ip);
      if (verdict.kind === 'unavailable') throw badRequest('ERROR_CAPTCHA_VERIFY_FAILED');
      return { Success: verdict.kind === 'valid' };
    },
  });
}
