/**
 * The captcha check (spec §4 "The optional captcha uses actions named login and register"; §5 Captcha;
 * §7 POST recaptcha/verify, POST profile/validate; §9). The SPA runs reCAPTCHA v3 and sends the token;
 * the API asks the configured siteverify endpoint (Google's protocol: form fields `secret`, `response`,
 * `remoteip` → `{success, score, action, hostname, 'error-codes'}`) whether it is a human's, for the
 * expected action. The sandbox stands in for Google in development and tests (DESIGN.md §1).
 *
 * A token is single-use at the verifier. When the SPA verifies first (POST recaptcha/verify, as the
 * partner registration flow does) the API remembers the verified token for {@link PREVERIFIED_TTL_MS},
 * in the shared rate limits (modules/rate-limits/), so that the call that follows may present it once.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { CAPTCHA_ACTIONS, type CaptchaAction, type ErrorCode } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../lib/errors.ts';
import { MINUTE_MS } from '../../lib/time.ts';
import { consumedBy, takeQuota } from '../rate-limits/index.ts';

/** What the verifier said of a token: a human's for the action, not, or no answer. */
export type CaptchaVerdict =
  { kind: 'valid'; action: CaptchaAction } | { kind: 'invalid' } | { kind: 'unavailable' };

/** How long the siteverify call may take, ms. */
export const SITEVERIFY_TIMEOUT_MS = 5000;
/** How long a token verified by POST recaptcha/verify stays usable for the next call, ms (as Google's tokens). */
export const PREVERIFIED_TTL_MS = 2 * MINUTE_MS;

const SiteverifyAnswerSchema = z.object({
  success: z.boolean(),
  score: z.number().optional(),
  action: z.string().optional(),
  hostname: z.string().optional(),
  'error-codes': z.array(z.string()).optional(),
});

/** Is the captcha checked on this deployment (the enable-captcha flag; spec §1)? */
export function captchaEnabled(ctx: AppContext): boolean {
  return ctx.config.features.enableCaptcha;
}

/**
 * Can this deployment ask for a captcha at all (site and secret keys set), even with the flag off? The
 * log-in throttle asks one of a new device beyond the account-wide limit (docs/security.md).
 */
export function captchaConfigured(ctx: AppContext): boolean {
  return Boolean(ctx.config.captchaSiteKey && ctx.config.captcha.secretKey);
}

/** The marks of pre-verified and spent tokens: one point each, kept {@link PREVERIFIED_TTL_MS}. */
const MARK = { points: 1, durationSeconds: PREVERIFIED_TTL_MS / 1000 };

function tokenKey(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/**
 * Asks the verifier about `token` (no pre-verification shortcut).
 * @param expected the action the token must carry, or 'any' for either of the two
 * @returns valid (with the token's action), invalid (not a token, replayed, wrong action, low score),
 *   or unavailable (no answer within {@link SITEVERIFY_TIMEOUT_MS}, a non-200 status, a malformed answer)
 */
export async function siteverify(
  ctx: AppContext,
  token: string,
  expected: CaptchaAction | 'any',
  remoteIp: string | null,
): Promise<CaptchaVerdict> {
  const { secretKey, verifyUrl, minScore } = ctx.config.captcha;
  const form = new URLSearchParams({ secret: secretKey, response: token });
  if (remoteIp) form.set('remoteip', remoteIp);
  let answer: z.infer<typeof SiteverifyAnswerSchema>;
  try {
    const response = await fetch(verifyUrl, {
      method: 'POST',
      body: form,
      signal: AbortSignal.timeout(SITEVERIFY_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`siteverify answered ${response.status}`);
    answer = SiteverifyAnswerSchema.parse(await response.json());
  } catch (error) {
    ctx.log.warn({ err: error }, 'captcha verification unavailable');
    return { kind: 'unavailable' };
  }
  const codes = answer['error-codes'] ?? [];
  // A refused secret is our misconfiguration, not the player's doing.
  if (codes.includes('invalid-input-secret') || codes.includes('missing-input-secret')) {
    ctx.log.error({ codes }, 'the captcha verifier refused our secret: check CAPTCHA_SECRET_KEY');
    return { kind: 'unavailable' };
  }
  const action = CAPTCHA_ACTIONS.find((a) => a === answer.action);
  if (!answer.success || !action || (expected !== 'any' && action !== expected)) return { kind: 'invalid' };
  if ((answer.score ?? 0) < minScore) return { kind: 'invalid' };
  return { kind: 'valid', action };
}

/**
 * Verifies `token` for POST recaptcha/verify and POST profile/validate, and remembers a valid one for
 * the call that follows (see the module note).
 */
export async function preverify(
  ctx: AppContext,
  token: string,
  remoteIp: string | null,
): Promise<CaptchaVerdict> {
  if (!token) return { kind: 'invalid' };
  const verdict = await siteverify(ctx, token, 'any', remoteIp);
  if (verdict.kind === 'valid') {
    await takeQuota(ctx.rateLimits, 'captcha-verified', MARK, `${verdict.action}:${tokenKey(token)}`);
  }
  return verdict;
}

/** A token verified by {@link preverify} for `action`, spent now (true once per token). */
async function spendPreverified(ctx: AppContext, token: string, action: CaptchaAction): Promise<boolean> {
  const key = tokenKey(token);
  const verified = ctx.rateLimits.limiter('captcha-verified', MARK);
  if ((await consumedBy(verified, `${action}:${key}`)) === 0) return false;
  // Atomic: of two calls presenting the token, only the first takes the mark's one point.
  return takeQuota(ctx.rateLimits, 'captcha-spent', MARK, key);
}

const INVALID_CODE: Record<CaptchaAction, ErrorCode> = {
  login: 'ERROR_CAPTCHA_LOGIN_INVALID',
  register: 'ERROR_CAPTCHA_REGISTER_INVALID',
};

/**
 * The captcha gate of the log-in and registration calls: nothing when the flag is off; otherwise
 * `token` must be a human's for `action` (verified now, or by POST recaptcha/verify just before).
 * @throws 400 ERROR_CAPTCHA_VERIFY_FAILED when the verifier does not answer; 400
 *   ERROR_CAPTCHA_LOGIN_INVALID / ERROR_CAPTCHA_REGISTER_INVALID when the token is missing or not valid
 *   (spec §5 Captcha), in the general list
 */
export async function requireCaptcha(
  ctx: AppContext,
  token: string | null | undefined,
  action: CaptchaAction,
  remoteIp: string | null,
): Promise<void> {
  if (!captchaEnabled(ctx)) return;
  await checkCaptchaToken(ctx, token, action, remoteIp);
}

/**
 * Checks `token` for `action` whatever the flag (the log-in throttle's step-up calls it directly).
 * @param missing the code when no token came (default: the action's invalid code)
 * @throws 400 `missing`; ERROR_CAPTCHA_VERIFY_FAILED when the verifier does not answer;
 *   ERROR_CAPTCHA_LOGIN_INVALID / ERROR_CAPTCHA_REGISTER_INVALID when the token is not valid
 */
export async function checkCaptchaToken(
  ctx: AppContext,
  token: string | null | undefined,
  action: CaptchaAction,
  remoteIp: string | null,
  missing: ErrorCode = INVALID_CODE[action],
): Promise<void> {
  const value = (token ?? '').trim();
  if (!value) throw badRequest(missing);
  if (await spendPreverified(ctx, value, action)) return;
  const verdict = await siteverify(ctx, value, action, remoteIp);
  if (verdict.kind === 'unavailable') throw badRequest('ERROR_CAPTCHA_VERIFY_FAILED');
  if (verdict.kind === 'invalid') throw badRequest(INVALID_CODE[action]);
}
