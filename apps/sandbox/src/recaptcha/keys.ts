/**
 * The site keys the reCAPTCHA stand-in knows, each with its secret (DESIGN.md §1 reCAPTCHA; spec §1
 * "captcha site key" configuration field, spec §7 `POST recaptcha/verify`). The portal's configuration
 * points its captcha site key and secret at one of these pairs; any other key is refused.
 */

/** Site key → its secret: `local` for a developer's machine, `e2e` for Playwright, `test` for Vitest. */
export const SANDBOX_RECAPTCHA_KEYS = {
  'guildgate-local-site-key': 'guildgate-local-secret-key',
  'guildgate-e2e-site-key': 'guildgate-e2e-secret-key',
  'guildgate-test-site-key': 'guildgate-test-secret-key',
} as const;

/** One of the site keys of {@link SANDBOX_RECAPTCHA_KEYS}. */
export type SandboxRecaptchaSiteKey = keyof typeof SANDBOX_RECAPTCHA_KEYS;

/** One of the secrets of {@link SANDBOX_RECAPTCHA_KEYS}. */
export type SandboxRecaptchaSecret = (typeof SANDBOX_RECAPTCHA_KEYS)[SandboxRecaptchaSiteKey];

/** Whether `value` is a site key of {@link SANDBOX_RECAPTCHA_KEYS} (own keys only, never `__proto__`). */
export function isSandboxSiteKey(value: unknown): value is SandboxRecaptchaSiteKey {
  return typeof value === 'string' && Object.hasOwn(SANDBOX_RECAPTCHA_KEYS, value);
}

/** Whether `value` is a secret of {@link SANDBOX_RECAPTCHA_KEYS}. */
export function isSandboxSecret(value: unknown): value is SandboxRecaptchaSecret {
  return (Object.values(SANDBOX_RECAPTCHA_KEYS) as readonly unknown[]).includes(value);
}
