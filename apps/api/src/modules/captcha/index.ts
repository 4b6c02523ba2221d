/**
 * The captcha module's public surface (spec §6 captcha; reCAPTCHA siteverify): its route, and the checks
 * that register, log-in and partner registration call.
 */
export {
  captchaConfigured,
  captchaEnabled,
  checkCaptchaToken,
  preverify,
  requireCaptcha,
  siteverify,
  type CaptchaVerdict,
} from './verify.ts';
