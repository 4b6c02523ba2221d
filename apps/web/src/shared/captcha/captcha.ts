/**
 * The reCAPTCHA v3 token of a login or register submit (spec §4 "The optional captcha uses actions named
 * login and register"; §5 Captcha; §9). With the captcha on, the script at the configuration's
 * `captchaScriptUrl` (Google's api.js in production, the sandbox stand-in elsewhere) is loaded through
 * the `recaptcha-v3` library, once per page, and each submit asks it for a fresh token of its action.
 * When the script cannot be loaded or answer, the submit fails with ERROR_CAPTCHA_VERIFY_FAILED ('An
 * error occured. Please try again later.') in the form's general list, like the API's own refusal.
 */
import { useCallback, useEffect } from 'react';
import type { ReCaptchaInstance } from 'recaptcha-v3';
import type { CaptchaAction } from '@guildgate/contracts';
import { ApiError } from '../api/api-error.ts';
import { useAppConfiguration } from '../config/config-context.tsx';
import { captchaSettings, stepUpCaptchaSiteKey } from '../config/feature-switches.ts';
import { isApiError } from '../api/api-error.ts';

/** How long loading the script plus one token may take, in ms. */
export const CAPTCHA_TIMEOUT_MS = 10_000;

/**
 * The rejection a refused captcha gives a form, shaped like the API's own 400 (spec §5 Captcha, §8) so
 * the form shows `code` in its general list.
 * @param code ERROR_CAPTCHA_VERIFY_FAILED (default), ERROR_CAPTCHA_LOGIN_INVALID or _REGISTER_INVALID
 */
export function captchaRefusal(
  code:
    | 'ERROR_CAPTCHA_VERIFY_FAILED'
    | 'ERROR_CAPTCHA_LOGIN_INVALID'
    | 'ERROR_CAPTCHA_REGISTER_INVALID' = 'ERROR_CAPTCHA_VERIFY_FAILED',
): ApiError {
  return new ApiError(400, { ErrorMessages: [{ Property: '', ErrorMessage: code }] }, `captcha: ${code}`);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`captcha gave no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

async function loadCaptcha(siteKey: string, scriptUrl: string): Promise<ReCaptchaInstance> {
  // The loader library itself is fetched only at the first submit that needs a token (captcha on), so
  // pages without the captcha never download it. It keeps one instance per page and retries after a
  // failed load.
  const { load } = await import('recaptcha-v3');
  return load(siteKey, { customUrl: scriptUrl });
}

/**
 * The token function of a site key: `(action) => token`, null without a site key; rejects with
 * {@link captchaRefusal} when the script fails to load or to answer within {@link CAPTCHA_TIMEOUT_MS}.
 */
function useTokenOf(
  siteKey: string | null,
  scriptUrl: string,
): (action: CaptchaAction) => Promise<string | null> {
  return useCallback(
    async (action: CaptchaAction) => {
      if (!siteKey) return null;
      try {
        return await withTimeout(
          loadCaptcha(siteKey, scriptUrl).then((captcha) => captcha.execute(action)),
          CAPTCHA_TIMEOUT_MS,
        );
      } catch {
        throw captchaRefusal();
      }
    },
    [siteKey, scriptUrl],
  );
}

/**
 * A function giving the token of `action` for the next call, or null when the captcha is off. The
 * script starts loading when the form mounts, so that the first submit does not wait for it.
 * @returns `(action) => Promise<string | null>`; rejects with {@link captchaRefusal} when the script
 *   fails to load or to answer within {@link CAPTCHA_TIMEOUT_MS}
 */
export function useCaptchaToken(): (action: CaptchaAction) => Promise<string | null> {
  const { config } = useAppConfiguration();
  const settings = captchaSettings(config);
  const siteKey = settings.enabled ? settings.siteKey : null;
  const scriptUrl = config.captchaScriptUrl;
  useEffect(() => {
    if (siteKey) loadCaptcha(siteKey, scriptUrl).catch(() => {}); // a submit retries and reports
  }, [siteKey, scriptUrl]);
  return useTokenOf(siteKey, scriptUrl);
}

/**
 * A function giving a captcha token of `action` for a step-up the API asked for (the log-in throttle's
 * ERROR_CAPTCHA_REQUIRED), loading the script on demand with the configured site key even when the
 * enable-captcha flag is off; null when no site key is configured.
 * @returns `(action) => Promise<string | null>`; rejects with {@link captchaRefusal} when the script
 *   fails to load or to answer within {@link CAPTCHA_TIMEOUT_MS}
 */
export function useStepUpCaptchaToken(): (action: CaptchaAction) => Promise<string | null> {
  const { config } = useAppConfiguration();
  return useTokenOf(stepUpCaptchaSiteKey(config), config.captchaScriptUrl);
}

/**
 * Sends a log-in with `token`, and once more with a fresh step-up token when the API answers
 * ERROR_CAPTCHA_REQUIRED (a new device after many failures on the account, docs/security.md).
 * @param send the call, with the captcha token to put in the form
 * @param token the form's own token (the flag's), or null
 * @param stepUp gives the step-up token, or null when no captcha is configured
 * @returns the call's answer
 * @throws the call's rejection; the first one when no step-up token can be had
 */
export async function withCaptchaStepUp<T>(
  send: (token: string | null) => Promise<T>,
  token: string | null,
  stepUp: () => Promise<string | null>,
): Promise<T> {
  try {
    return await send(token);
  } catch (error) {
    if (!isApiError(error) || error.firstCode !== 'ERROR_CAPTCHA_REQUIRED') throw error;
    const fresh = await stepUp();
    if (!fresh) throw error;
    return send(fresh);
  }
}
