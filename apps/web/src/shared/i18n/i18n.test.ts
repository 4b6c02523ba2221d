/** Tests of the error-code text filter (spec §8: codes map to messages; unknown codes shown as is). */
import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { ERROR_MESSAGES_EN } from '@guildgate/contracts';
import { errorText, RESOURCES } from './i18n.ts';

async function instance() {
  const i18n = i18next.createInstance();
  await i18n.init({
    resources: RESOURCES,
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
  });
  return i18n;
}

describe('errorText', () => {
  it('translates every catalogue code to its English message', async () => {
    const i18n = await instance();
    for (const [code, message] of Object.entries(ERROR_MESSAGES_EN))
      expect(errorText(i18n, code)).toBe(message);
  });
  it('shows an unknown code as it is, even with separators in it', async () => {
    const i18n = await instance();
    expect(errorText(i18n, 'ERROR_BRAND_NEW')).toBe('ERROR_BRAND_NEW');
    expect(errorText(i18n, 'weird:code.with.dots')).toBe('weird:code.with.dots');
  });
  it('has the UI texts the end-to-end tests rely on', async () => {
    const i18n = await instance();
    expect(i18n.t('login.notYou')).toBe('Not you?');
    expect(i18n.t('register.approveEula')).toBe('I accept the terms of use (EULA)');
    expect(i18n.t('app.titlePrefix', { title: i18n.t('titles.login') })).toBe('Account - Login');
  });
});
