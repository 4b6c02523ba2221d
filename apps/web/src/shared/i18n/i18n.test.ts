/**
 * Tests of the texts (DESIGN.md §6): the error-code text filter (spec §8: codes map to messages; unknown
 * codes shown as is) and the French locale, which must translate every English key and every code.
 */
import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { ERROR_CODES, errorMessageEn } from '@guildgate/contracts';
import { errorText, LANGUAGES } from './i18n.ts';
import { RESOURCES, textLeaves as leaves } from './resources.ts';

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

/** The `{{placeholders}}` of a text, sorted. */
function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]).sort();
}

const EN_TEXTS = leaves(RESOURCES.en.translation);
const FR_TEXTS = leaves(RESOURCES.fr.translation);

describe('errorText', () => {
  it('translates every catalogue code to its English message', async () => {
    const i18n = await instance();
    for (const code of ERROR_CODES) expect(errorText(i18n, code)).toBe(errorMessageEn(code));
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
  it('translates the pages and the page-title prefix', async () => {
    const i18n = await instance('fr');
    expect(i18n.t('home.login')).toBe('Se connecter');
    // The page-title prefix is translated too (issue 19 §7): 'Account - ' is spec §2's English.
    expect(i18n.t('app.titlePrefix', { title: i18n.t('titles.login') })).toBe('Compte - Connexion');
    expect(i18n.t('app.defaultTitle')).toBe('Compte');
    expect(i18n.t('connections.age.days', { count: 2 })).toBe('2 jours');
    expect(i18n.t('brand.twoPointStudios.welcome')).toBe('Bienvenue dans la communauté Two Point Studios');
  });
});

describe('outside parties (issue 19 §7: one name per party, in both languages)', () => {
  /** Generic names the spec uses for the providers, which the UI must not show in place of theirs. */
  const GENERIC = /PC game store|live-streaming|epic-style|boutique de jeux|streaming en direct/i;
  /** The two spec §8 messages whose exact English words name the PC game store. */
  const SPEC_WORDING = new Set(['ERROR_USER_STEAM_EXIST', 'ERROR_STEAM_NOT_REACHABLE']);

  it('names each provider as Connections does, in both languages', async () => {
    for (const lng of ['en', 'fr'] as const) {
      const i18n = await instance(lng);
      expect(i18n.t('linking.steam')).toBe('Steam');
      expect(i18n.t('linking.twitch')).toBe('Twitch');
      expect(i18n.t('linking.epic-games')).toBe('Epic Games');
      expect(i18n.t('survey.connect')).toContain('Steam');
    }
  });

  it('never shows a generic name instead, but for the spec wording of two English messages', () => {
    const texts = [...EN_TEXTS, ...FR_TEXTS].filter(([, text]) => GENERIC.test(text));
    expect(texts).toEqual([]);
    const errors = Object.entries({ ...RESOURCES.en.errors, ...prefixed(RESOURCES.fr.errors, 'fr:') });
    expect(errors.filter(([code, text]) => GENERIC.test(text) && !SPEC_WORDING.has(code))).toEqual([]);
    for (const code of SPEC_WORDING)
      expect(RESOURCES.fr.errors[code as 'ERROR_USER_STEAM_EXIST']).toContain('Steam');
  });
});

describe('the language switcher texts', () => {
  it('name each language in its own language, whatever the UI language', async () => {
    for (const lng of ['en', 'fr'] as const) {
      const i18n = await instance(lng);
      expect(i18n.t('language.en')).toBe('English');
      expect(i18n.t('language.fr')).toBe('Français');
    }
    expect((await instance('fr')).t('language.label')).toBe('Langue');
  });
});

/** `record` with `prefix` before each key. */
function prefixed(record: Record<string, string>, prefix: string): Record<string, string> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [`${prefix}${key}`, value]));
}

describe.each([
  ['consent', 'titles.consent', 'Allow access'],
  ['security', 'titles.security', 'Security'],
  ['dataExport', 'titles.yourData', 'Your data'],
  // Parts loaded late, with no title of their own.
  ['password-strength', null, null],
  ['second-factor', null, null],
  ['passkey-login', null, null],
] as const)('the %s namespace', (namespace, titleKey, title) => {
  const en = leaves(RESOURCES.en[namespace]);
  const fr = leaves(RESOURCES.fr[namespace]);
  it('is translated into French key for key, placeholders kept', () => {
    expect([...fr.keys()]).toEqual([...en.keys()]);
    const differing = [...en].filter(
      ([key, text]) => placeholders(text).join() !== placeholders(fr.get(key) ?? '').join(),
    );
    expect(differing.map(([key]) => key)).toEqual([]);
  });
  it('is not part of the texts every page loads', () => {
    const startup = new Set(EN_TEXTS.values());
    // A page's title and side-list entry load with every page; nothing else of the namespace does.
    const shared = new Set<string>(title === null ? [] : [title]);
    expect([...en.values()].filter((text) => startup.has(text) && !shared.has(text))).toEqual([]);
    if (titleKey !== null) expect(EN_TEXTS.get(titleKey)).toBe(title);
  });
});
