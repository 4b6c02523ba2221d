/**
 * The verdict the reCAPTCHA stand-in gives a browser (DESIGN.md §1 "a `siteverify` endpoint that tests
 * can tell to fail"; spec §"Captcha (when enabled)": failure to verify vs. not valid). A person or a test
 * picks it on `GET /recaptcha/`, which stores it in the session cookie {@link RECAPTCHA_VERDICT_COOKIE}
 * (path `/recaptcha`); each token issued to that browser carries it to `siteverify`:
 * - `human` (default): success with score 0.9;
 * - `bot`: success with score 0.1;
 * - `unavailable`: `siteverify` answers HTTP 503, as when Google cannot be reached.
 */

/** Name of the cookie holding the browser's verdict. */
export const RECAPTCHA_VERDICT_COOKIE = 'sandbox_recaptcha_verdict';

/** Every verdict, in the order the verdict page offers them. */
export const RECAPTCHA_VERDICTS = ['human', 'bot', 'unavailable'] as const;

/** A verdict: what `siteverify` will say of the tokens of a browser. */
export type RecaptchaVerdict = (typeof RECAPTCHA_VERDICTS)[number];

/** The verdict of a browser that chose none. */
export const DEFAULT_RECAPTCHA_VERDICT: RecaptchaVerdict = 'human';

/** Whether `value` is one of {@link RECAPTCHA_VERDICTS}. */
export function isRecaptchaVerdict(value: unknown): value is RecaptchaVerdict {
  return (RECAPTCHA_VERDICTS as readonly unknown[]).includes(value);
}

/**
 * The verdict named by the {@link RECAPTCHA_VERDICT_COOKIE} cookie of a `Cookie` request header
 * (`"a=1; sandbox_recaptcha_verdict=bot"`); the first such cookie wins. A missing header or cookie, or an
 * unknown value, gives {@link DEFAULT_RECAPTCHA_VERDICT}.
 */
export function verdictFromCookieHeader(header: string | undefined): RecaptchaVerdict {
  for (const pair of (header ?? '').split(';')) {
    const separator = pair.indexOf('=');
    if (separator < 0 || pair.slice(0, separator).trim() !== RECAPTCHA_VERDICT_COOKIE) continue;
    const value = pair.slice(separator + 1).trim();
    return isRecaptchaVerdict(value) ? value : DEFAULT_RECAPTCHA_VERDICT;
  }
  return DEFAULT_RECAPTCHA_VERDICT;
}

/**
 * The `Set-Cookie` value storing `verdict` for the browser: a session cookie (no expiry), path
 * `/recaptcha` (sent to the page and to the token route only), `HttpOnly`, `SameSite=Lax`.
 */
export function verdictSetCookie(verdict: RecaptchaVerdict): string {
  return `${RECAPTCHA_VERDICT_COOKIE}=${verdict}; Path=/recaptcha; HttpOnly; SameSite=Lax`;
}
