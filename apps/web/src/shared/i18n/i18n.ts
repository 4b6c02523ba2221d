/**
 * i18next set-up (DESIGN.md §6): English resources, browser language detection, error codes in the
 * `errors` namespace (spec §8 "text filter"). Adding French: a `fr.ts` of the same shape, listed in
 * {@link RESOURCES}.
 */
import i18next, { type i18n as I18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { EN, EN_ERRORS } from './locales/en.ts';

/** Resources per language and namespace. */
export const RESOURCES = {
  en: { translation: EN, errors: EN_ERRORS },
} as const;

/** Initialises the shared i18next instance; resolves once texts are available. */
export async function initI18n(): Promise<I18n> {
  await i18next
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      resources: RESOURCES,
      fallbackLng: 'en',
      supportedLngs: Object.keys(RESOURCES),
      nonExplicitSupportedLngs: true,
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
  i18next.on('languageChanged', (language) => {
    document.documentElement.lang = language;
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
