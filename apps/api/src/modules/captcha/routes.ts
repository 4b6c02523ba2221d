/**
 * The captcha calls (spec §7): POST recaptcha/verify {Token} → {Success, IsValid} and POST
 * profile/validate {Token} → {Success}. Both verify a reCAPTCHA v3 token of either action (login,
 * register) and let the call that follows present it once more (verify.ts). With the captcha flag off
 * there is nothing to verify: both answer that the token is fine.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { ENDPOINTS } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { endpointRoute } from '../../lib/endpoint-routes.ts';
import { anonymousAuth } from '../../plugins/auth.ts';
import { sensitiveRateLimit } from '../../plugins/rate-limit.ts';
import { badRequest } from '../../lib/errors.ts';
import { captchaEnabled, preverify } from './verify.ts';

/** Registers the captcha routes on the /api scope. */
export async function captchaRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const anonymous = anonymousAuth(ctx);

  endpointRoute(r, ENDPOINTS.postRecaptchaVerify, {
    config: { rateLimit: sensitiveRateLimit(ctx) },
    onRequest: anonymous,
    handler: async (request) => {
      if (!captchaEnabled(ctx)) return { Success: true, IsValid: true };
      const verdict = await preverify(ctx, (request.body.Token ?? '').trim(), request.ip);
      return { Success: verdict.kind !== 'unavailable', IsValid: verdict.kind === 'valid' };
    },
  });

  // @throws 400 ERROR_CAPTCHA_VERIFY_FAILED when the verifier does not answer
  endpointRoute(r, ENDPOINTS.postProfileValidate, {
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
