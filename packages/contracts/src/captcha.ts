/**
 * The captcha calls (spec §4 captcha with the actions login and register; §5 Captcha; §7 POST
 * recaptcha/verify → Success, IsValid; POST profile/validate → Success).
 */
import { z } from 'zod';
import { OptionalText } from './common.ts';

/** The two captcha actions of spec §9. */
export const CAPTCHA_ACTIONS = ['login', 'register'] as const;
export type CaptchaAction = (typeof CAPTCHA_ACTIONS)[number];

/** POST recaptcha/verify and POST profile/validate: a reCAPTCHA v3 token. */
export const CaptchaTokenRequestSchema = z.object({ Token: OptionalText });
export type CaptchaTokenRequest = z.infer<typeof CaptchaTokenRequestSchema>;

/**
 * Answer of POST recaptcha/verify: `Success` = the verifier answered (false: 'An error occured. Please
 * try again later.'), `IsValid` = the token is a human's for one of the two actions.
 */
export const RecaptchaVerifyResponseSchema = z.object({ Success: z.boolean(), IsValid: z.boolean() });
export type RecaptchaVerifyResponse = z.infer<typeof RecaptchaVerifyResponseSchema>;
