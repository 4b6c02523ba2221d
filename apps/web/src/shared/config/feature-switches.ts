/**
 * What the feature flags of spec §1 switch besides routes and the account side list (routes:
 * app/route-rules.ts; side list: features/account/account-nav.tsx). Pure decisions, read by the
 * features, so each flag's visibility logic is in one place and unit-tested:
 *
 * - enable captcha → the login and register forms carry a reCAPTCHA v3 token and say so (spec §4, §9
 *   "Captcha actions: login and register"); only with a captcha site key;
 * - tag manager → tag-manager events are pushed, and only with analytics consent (spec §4
 *   "Analytics events are sent only when consent_analytics equals 1");
 * - bypass partner register page → a new partner player is registered without the 'Confirm username'
 *   page (spec §2 /oauth/partner/register, §4 partner registration flow);
 * - alternative redeemer flow → the Epic link flow (features/linking/linking-calls.ts).
 */
import type { FeatureFlags, RuntimeConfiguration } from '@guildgate/contracts';
import { parseCookie } from '../cookies/cookies.ts';

export { CAPTCHA_ACTIONS, type CaptchaAction } from '@guildgate/contracts';

/** Whether forms run the captcha, and with which site key. */
export type CaptchaSettings = { enabled: false } | { enabled: true; siteKey: string };

/**
 * The captcha of spec §4: on when the enable-captcha flag is on and a site key is configured (the
 * configuration schema refuses the flag without one, so a missing key here means "off").
 */
export function captchaSettings(
  config: Pick<RuntimeConfiguration, 'features' | 'captchaSiteKey'>,
): CaptchaSettings {
  const siteKey = config.captchaSiteKey.trim();
  return config.features.enableCaptcha && siteKey ? { enabled: true, siteKey } : { enabled: false };
}

/**
 * The site key a log-in may be asked to pass the captcha with (the API's throttle asks a new device for
 * one after many failures on the account, ERROR_CAPTCHA_REQUIRED): any configured site key, whatever the
 * enable-captcha flag; null when none is configured.
 */
export function stepUpCaptchaSiteKey(config: Pick<RuntimeConfiguration, 'captchaSiteKey'>): string | null {
  return config.captchaSiteKey.trim() || null;
}

/** The analytics consent cookie of spec §4/§9. */
export const ANALYTICS_CONSENT_COOKIE = 'consent_analytics';

/**
 * Tag-manager events may be pushed: the tag-manager flag is on and the player gave analytics consent
 * (cookie consent_analytics = 1; spec §4).
 * @param cookieHeader the page's `document.cookie`
 */
export function tagManagerActive(features: Pick<FeatureFlags, 'tagManager'>, cookieHeader: string): boolean {
  return features.tagManager && parseCookie(cookieHeader, ANALYTICS_CONSENT_COOKIE) === '1';
}

/** What the partner sign-on callback answered (spec §7 focus/oauth/partner and kin). */
export interface PartnerCallbackAnswer {
  Created?: string | null;
  CreateAccount?: boolean | null;
}

/** Next step of the partner callback (spec §4 Session, Register partner flow). */
export type PartnerCallbackStep = 'log-in' | 'confirm-username' | 'register-directly';

/**
 * After the partner sign-on: a known player logs in with `Created`; a new one confirms a username on
 * PartnerRegister, or — with the bypass-partner-register-page flag — is registered at once with the
 * username the partner gave.
 */
export function partnerCallbackStep(
  answer: PartnerCallbackAnswer,
  features: Pick<FeatureFlags, 'bypassPartnerRegisterPage'>,
): PartnerCallbackStep {
  if (answer.Created) return 'log-in';
  return features.bypassPartnerRegisterPage ? 'register-directly' : 'confirm-username';
}
