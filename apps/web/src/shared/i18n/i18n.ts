/**
 * i18next set-up (DESIGN.md §6): English and French resources, the language picked from the `lng`
 * query, else the player's choice on this device (the footer's switcher, {@link chooseLanguage}, kept
 * in localStorage under {@link LANGUAGE_STORAGE_KEY}), else the browser (navigator language; English when
 * it is neither); `<html lang>` kept in line, error codes in the `errors` namespace (spec §8 "text
 * filter"). The API client sends {@link uiLanguage} as Accept-Language (issue 19 §7). A new locale: a
 * file of the same shape as `fr.ts`, listed in {@link RESOURCES}.
 */
import i18next, { type i18n as I18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { EN, EN_ERRORS, EN_SHELL } from './locales/en.ts';
import { FR } from './locales/fr.ts';
import { FR_ERRORS } from './locales/fr-errors.ts';

/** Resources per language and namespace. */
export const RESOURCES = {
  en: { translation: { ...EN, ...EN_SHELL }, errors: EN_ERRORS },
  fr: { translation: FR, errors: FR_ERRORS },
} as const;

/** The languages the UI is available in; the first is the fallback. */
export const LANGUAGES = Object.keys(RESOURCES) as (keyof typeof RESOURCES)[];

/** One of {@link LANGUAGES}. */
export type Language = (typeof LANGUAGES)[number];

/** The localStorage key of the language chosen on this device (i18next's detector reads it). */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

/** Initialises the shared i18next instance; resolves once texts are available. */
export async function initI18n(): Promise<I18n> {
  await i18next
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      resources: RESOURCES,
      fallbackLng: 'en',
      supportedLngs: LANGUAGES,
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      defaultNS: 'translation',
      ns: ['translation', 'errors'],
      interpolation: { escapeValue: false },
      detection: {
        order: ['querystring', 'localStorage', 'navigator'],
        lookupQuerystring: 'lng',
        lookupLocalStorage: LANGUAGE_STORAGE_KEY,
        // Only an explicit choice is remembered (chooseLanguage), never a detected language.
        caches: [],
      },
      react: { useSuspense: false },
    });
  document.documentElement.lang = i18next.resolvedLanguage ?? 'en';
  i18next.on('languageChanged', () => {
    document.documentElement.lang = i18next.resolvedLanguage ?? 'en';
  });
  return i18next;
}

/** Options that read an error code as one literal key (codes contain no separators, but be safe). */
const CODE_OPTIONS = { ns: 'errors', nsSeparator: false, keySeparator: false } as const;

/**
 * The text of an error code (spec §8): its translation, or the code itself when unknown.
 * @param i18n the i18next instance
 */
export function errorText(i18n: Pick<I18n, 'exists' | 't'>, code: string): string {
  return i18n.exists(code, CODE_OPTIONS) ? String(i18n.t(code, CODE_OPTIONS)) : code;
}

/** The UI's current language: one of {@link LANGUAGES} (the fallback before initialisation). */
export function uiLanguage(): Language {
  const current = i18next.resolvedLanguage;
  return LANGUAGES.find((language) => language === current) ?? LANGUAGES[0]!;
}

/**
 * Switches the UI to `language` and remembers the choice on this device (localStorage, read back by the
 * detector on the next visit; a storage that refuses, e.g. a private window's, keeps the choice for
 * this page only). `<html lang>` follows through the languageChanged listener of {@link initI18n}.
 */
export async function chooseLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // No storage: the choice lasts as long as the page.
  }
  await i18next.changeLanguage(language);
}

/** Calls `listener` after every change of the UI's language; returns the unsubscribe function. */
export function onLanguageChange(listener: (language: Language) => void): () => void {
  const handler = () => listener(uiLanguage());
  i18next.on('languageChanged', handler);
  return () => i18next.off('languageChanged', handler);
}
