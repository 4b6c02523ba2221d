/**
 * Tests of the texts (DESIGN.md §6): the error-code text filter (spec §8: codes map to messages; unknown
 * codes shown as is) and the French locale, which must translate every English key and every code.
 */
import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { ERROR_CODES, ERROR_MESSAGES_EN } from '@guildgate/contracts';
import { errorText, LANGUAGES } from './i18n.ts';
import { RESOURCES } from './resources.ts';

async function instance(lng: 'en' | 'fr' = 'en') {
  const i18n = i18next.createInstance();
  await i18n.init({
    resources: RESOURCES,
    lng,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
  });
  return i18n;
}

/** Every leaf of a text tree as `path → text`. */
function leaves(tree: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [p, v] of leaves(value as object, path)) out.set(p, v);
  }
  return out;
}

/** The `{{placeholders}}` of a text, sorted. */
function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();
}

const EN_TEXTS = leaves(RESOURCES.en.translation);
const FR_TEXTS = leaves(RESOURCES.fr.translation);

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

describe('the French locale', () => {
  it('is offered next to English, which stays the fallback', () => {
    expect(LANGUAGES).toEqual(['en', 'fr']);
    expect(Object.keys(RESOURCES)).toEqual([...LANGUAGES]);
  });
  it('translates every English key, so a missing translation fails', () => {
    const missing = [...EN_TEXTS.keys()].filter((key) => !FR_TEXTS.has(key));
    expect(missing).toEqual([]);
    expect(EN_TEXTS.size).toBeGreaterThan(200); // the flattening saw the whole tree
  });
  it('has no key English lacks (a typo or a stale key)', () => {
    expect([...FR_TEXTS.keys()].filter((key) => !EN_TEXTS.has(key))).toEqual([]);
  });
  it('keeps the placeholders of each English text', () => {
    const differing = [...EN_TEXTS].filter(
      ([key, en]) => placeholders(en).join() !== placeholders(FR_TEXTS.get(key) ?? '').join(),
    );
    expect(differing.map(([key]) => key)).toEqual([]);
  });
  it('gives every error code a French message of its own', async () => {
    const i18n = await instance('fr');
    for (const code of ERROR_CODES) {
      expect(RESOURCES.fr.errors[code], code).toBeTruthy();
      expect(errorText(i18n, code)).toBe(RESOURCES.fr.errors[code]);
    }
    expect(errorText(i18n, 'ERROR_USERNAME_PASSWORD_INCORRECT')).toBe(
      "Votre nom d'utilisateur ou votre mot de passe est incorrect.",
    );
  });
  it('shows an unknown code as it is', async () => {
    const i18n = await instance('fr');
    expect(errorText(i18n, 'ERROR_BRAND_NEW')).toBe('ERROR_BRAND_NEW');
    expect(errorText(i18n, 'weird:code.with.dots')).toBe('weird:code.with.dots');
  });
  it('translates the pages and keeps the page-title prefix of the spec', async () => {
    const i18n = await instance('fr');
    expect(i18n.t('home.login')).toBe('Se connecter');
    expect(i18n.t('app.titlePrefix', { title: i18n.t('titles.login') })).toBe('Account - Connexion');
    expect(i18n.t('connections.age.days', { count: 2 })).toBe('2 jours');
    expect(i18n.t('brand.twoPointStudios.welcome')).toBe('Bienvenue dans la communauté Two Point Studios');
  });
});
