/**
 * i18next set-up (DESIGN.md §6): English and French resources, the language picked from the browser
 * (`?lng=`, then the choice kept in localStorage, then navigator language; English when it is neither),
 * `<html lang>` kept in line, error codes in the `errors` namespace (spec §8 "text filter").
 *
 * Only the shown language is downloaded (docs/performance.md): each language is a chunk loaded through
 * `i18next-resources-to-backend`; switching language loads the other one then. French is complete (its
 * test fails on a missing key), so only other languages fall back to English.
 *
 * A new locale: an `<lng>-bundle.ts` of the same shape as `fr-bundle.ts`, listed in {@link LOADERS},
 * {@link LANGUAGES} and resources.ts.
 */
import i18next, { type i18n as I18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';

/** The languages the UI is available in; the first is the fallback. */
export const LANGUAGES = ['en', 'fr'] as const;
/** A language of {@link LANGUAGES}. */
export type Language = (typeof LANGUAGES)[number];

/** Loads one language's namespaces (a chunk of its own per language). */
const LOADERS: Record<Language, () => Promise<Record<string, object>>> = {
  en: async () => (await import('./locales/en-bundle.ts')).EN_BUNDLE,
  fr: async () => (await import('./locales/fr-bundle.ts')).FR_BUNDLE,
};

function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

/** Initialises the shared i18next instance; resolves once the shown language's texts are loaded. */
export async function initI18n(): Promise<I18n> {
  await i18next
    .use(LanguageDetector)
    .use(
      resourcesToBackend(async (language: string, namespace: string) => {
        if (!isLanguage(language)) return {};
        return (await LOADERS[language]())[namespace] ?? {};
      }),
    )
    .use(initReactI18next)
    .init({
      fallbackLng: { fr: [], default: ['en'] },
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
