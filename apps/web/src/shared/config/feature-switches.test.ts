/** Visibility logic of the captcha, tag-manager and bypass-partner-register flags (spec §1, §4). */
import { describe, expect, it } from 'vitest';
import { FEATURE_FLAGS, type FeatureFlags } from '@guildgate/contracts';
import {
  captchaSettings,
  partnerCallbackStep,
  stepUpCaptchaSiteKey,
  tagManagerActive,
} from './feature-switches.ts';

const OFF = Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, false])) as FeatureFlags;
const ON = Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, true])) as FeatureFlags;

describe('captchaSettings', () => {
  it('runs the captcha only with the flag on and a site key', () => {
    expect(captchaSettings({ features: ON, captchaSiteKey: ' site-key ' })).toEqual({
      enabled: true,
      siteKey: 'site-key',
    });
    expect(captchaSettings({ features: OFF, captchaSiteKey: 'site-key' })).toEqual({ enabled: false });
    expect(captchaSettings({ features: ON, captchaSiteKey: '  ' })).toEqual({ enabled: false });
  });
});

describe('tagManagerActive', () => {
  it('needs the flag and consent_analytics=1', () => {
    expect(tagManagerActive(ON, 'consent_cookies=1; consent_analytics=1')).toBe(true);
    expect(tagManagerActive(OFF, 'consent_cookies=1; consent_analytics=1')).toBe(false);
  });

  it('stays off without analytics consent, whatever else was accepted', () => {
    for (const cookies of [
      '',
      'consent_cookies=1',
      'consent_analytics=0',
      'consent_marketing=1',
      'x_consent_analytics=1',
    ])
      expect(tagManagerActive(ON, cookies), cookies).toBe(false);
  });
});

describe('partnerCallbackStep', () => {
  it('logs a known partner player in, whatever the flag', () => {
    expect(partnerCallbackStep({ Created: 'handle' }, ON)).toBe('log-in');
    expect(partnerCallbackStep({ Created: 'handle', CreateAccount: false }, OFF)).toBe('log-in');
  });

  it("leads a new player to 'Confirm username', or registers at once with the bypass flag", () => {
    expect(partnerCallbackStep({ CreateAccount: true }, OFF)).toBe('confirm-username');
    expect(partnerCallbackStep({ Created: null, CreateAccount: true }, ON)).toBe('register-directly');
    expect(partnerCallbackStep({}, ON)).toBe('register-directly');
  });
});

describe('stepUpCaptchaSiteKey', () => {
  it('is the configured site key whatever the flag, and null without one', () => {
    expect(stepUpCaptchaSiteKey({ captchaSiteKey: ' site-key ' })).toBe('site-key');
    expect(stepUpCaptchaSiteKey({ captchaSiteKey: '' })).toBeNull();
    expect(stepUpCaptchaSiteKey({ captchaSiteKey: '   ' })).toBeNull();
  });
});
