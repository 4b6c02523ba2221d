/**
 * The stand-in of Google's `POST https://www.google.com/recaptcha/api/siteverify` (DESIGN.md §1
 * reCAPTCHA; what the API calls behind spec §7 `POST recaptcha/verify` and the captcha-checked login and
 * registration of spec §4). Pure over a {@link RecaptchaTokenStore}: the route only reads the fields.
 */
import { isSandboxSecret, SANDBOX_RECAPTCHA_KEYS } from './keys.ts';
import type { RecaptchaTokenStore } from './token-store.ts';

/** Google's error codes the stand-in answers. */
export type SiteverifyErrorCode =
  | 'missing-input-secret'
  | 'invalid-input-secret'
  | 'missing-input-response'
  | 'invalid-input-response'
  | 'timeout-or-duplicate';

/** Google's answer shape. */
export interface SiteverifyAnswer {
  success: boolean;
  /** ISO 8601 time the token was issued, to the second, e.g. "2025-01-31T12:00:00Z". */
  challenge_ts?: string;
  /** Host name of the page the token was issued to. */
  hostname?: string;
  /** 0.9 for `human`, 0.1 for `bot`. */
  score?: number;
  /** Action the page named, e.g. "login". */
  action?: string;
  'error-codes'?: SiteverifyErrorCode[];
}

/** HTTP status and JSON body of a `siteverify` answer. */
export type SiteverifyResult =
  | { readonly statusCode: 200; readonly body: SiteverifyAnswer }
  | { readonly statusCode: 503; readonly body: { error: 'service unavailable' } };

/** Score of each successful verdict. */
export const RECAPTCHA_SCORES = { human: 0.9, bot: 0.1 } as const;

const failure = (code: SiteverifyErrorCode): SiteverifyResult => ({
  statusCode: 200,
  body: { success: false, 'error-codes': [code] },
});

/** An ISO 8601 time without milliseconds, as Google writes `challenge_ts`. */
function challengeTimestamp(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * Verifies `response` (a token) with `secret`, checked in this order, each failure a 200 with one code:
 * missing secret → `missing-input-secret`; unknown secret → `invalid-input-secret`; missing response →
 * `missing-input-response`; unknown token or one issued for another site key → `invalid-input-response`;
 * already verified or older than two minutes → `timeout-or-duplicate`. Otherwise the token is consumed
 * and its verdict decides: `unavailable` → 503 `{error:'service unavailable'}`; `bot` / `human` → 200
 * `{success:true, challenge_ts, hostname, score: 0.1 / 0.9, action}`. Empty strings count as missing.
 */
export function siteverify(
  store: RecaptchaTokenStore,
  fields: { secret?: string | undefined; response?: string | undefined },
): SiteverifyResult {
  const { secret, response } = fields;
  if (!secret) return failure('missing-input-secret');
  if (!isSandboxSecret(secret)) return failure('invalid-input-secret');
  if (!response) return failure('missing-input-response');
  const entry = store.get(response);
  if (entry === undefined || SANDBOX_RECAPTCHA_KEYS[entry.siteKey] !== secret) {
    return failure('invalid-input-response');
  }
  if (entry.verified || store.isExpired(entry)) return failure('timeout-or-duplicate');
  entry.verified = true;
  if (entry.verdict === 'unavailable') return { statusCode: 503, body: { error: 'service unavailable' } };
  return {
    statusCode: 200,
    body: {
      success: true,
      challenge_ts: challengeTimestamp(entry.issuedAt),
      hostname: entry.hostname,
      score: RECAPTCHA_SCORES[entry.verdict],
      action: entry.action,
    },
  };
}
