/**
 * i18next set-up (DESIGN.md §6): English and French resources, the language picked from the browser
 * (navigator language; English when it is neither), `<html lang>` kept in line, error codes in the
 * `errors` namespace (spec §8 "text filter"). A new locale: a file of the same shape as `fr.ts`, listed
 * in {@link RESOURCES}.
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
