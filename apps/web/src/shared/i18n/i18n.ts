/**
 * i18next set-up (DESIGN.md §6): English and French resources, the language picked from the `lng`
 * query, else the player's choice on this device (the footer's switcher, {@link chooseLanguage}, kept
 * in localStorage under {@link LANGUAGE_STORAGE_KEY}), else the browser (navigator language; English when
 * it is neither); `<html lang>` kept in line, error codes in the `errors` namespace (spec §8 "text
 * filter"). The API client sends {@link uiLanguage} as Accept-Language (issue 19 §7).
 *
 * Only the shown language is downloaded (docs/performance.md): each language is a chunk loaded through
 * `i18next-resources-to-backend`; switching language loads the other one then. French is complete (its
 * test fails on a missing key), so only other languages fall back to English.
 *
 * A page whose texts only it shows (the consent page, Your data, the account's Security page, the "This wasn't me" page, the operator console), or a part
 * loaded late (the password strength meter, the second-factor form, "Sign in with a passkey"), has a namespace of its own per language, a chunk loaded when
 * it asks for it ({@link PAGE_NAMESPACES}), so the other pages do not carry them.
 *
 * A new locale: an `<lng>-bundle.ts` of the same shape as `fr-bundle.ts`, listed in {@link LOADERS},
 * {@link LANGUAGES} and resources.ts, and each page namespace's `<namespace>-<lng>.ts`.
 */
import i18next, { type i18n as I18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';

/** The languages the UI is available in; the first is the fallback. */
export const LANGUAGES = ['en', 'fr'] as const;
/** A language of {@link LANGUAGES}. */
export type Language = (typeof LANGUAGES)[number];

/** The localStorage key of the language chosen on this device (i18next's detector reads it). */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

/** Loads one language's namespaces (a chunk of its own per language). */
const LOADERS: Record<Language, () => Promise<Record<string, object>>> = {
  en: async () => (await import('./locales/en-bundle.ts')).EN_BUNDLE,
  fr: async () => (await import('./locales/fr-bundle.ts')).FR_BUNDLE,
};

/** The page namespaces (`useTranslation('<namespace>')`), each language's texts a chunk of its own. */
const PAGE_NAMESPACES: Partial<Record<string, Record<Language, () => Promise<object>>>> = {
  consent: {
    en: async () => (await import('./locales/consent-en.ts')).CONSENT_EN,
    fr: async () => (await import('./locales/consent-fr.ts')).CONSENT_FR,
  },
  dataExport: {
    en: async () => (await import('./locales/data-export-en.ts')).DATA_EXPORT_EN,
    fr: async () => (await import('./locales/data-export-fr.ts')).DATA_EXPORT_FR,
  },
  security: {
    en: async () => (await import('./locales/security-en.ts')).SECURITY_EN,
    fr: async () => (await import('./locales/security-fr.ts')).SECURITY_FR,
  },
  'second-factor': {
    en: async () => (await import('./locales/second-factor-en.ts')).SECOND_FACTOR_EN,
    fr: async () => (await import('./locales/second-factor-fr.ts')).SECOND_FACTOR_FR,
  },
  'passkey-login': {
    en: async () => (await import('./locales/passkey-login-en.ts')).PASSKEY_LOGIN_EN,
    fr: async () => (await import('./locales/passkey-login-fr.ts')).PASSKEY_LOGIN_FR,
  },
  'password-strength': {
    en: async () => (await import('./locales/password-strength-en.ts')).PASSWORD_STRENGTH_EN,
    fr: async () => (await import('./locales/password-strength-fr.ts')).PASSWORD_STRENGTH_FR,
  },
  admin: {
    en: async () => (await import('./locales/admin-en.ts')).ADMIN_EN,
    fr: async () => (await import('./locales/admin-fr.ts')).ADMIN_FR,
  },
  secureAccount: {
    en: async () => (await import('./locales/secure-account-en.ts')).SECURE_ACCOUNT_EN,
    fr: async () => (await import('./locales/secure-account-fr.ts')).SECURE_ACCOUNT_FR,
  },
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
        const page = PAGE_NAMESPACES[namespace];
        if (page) return page[language]();
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
  return i18n.exists(code, CODE_OPTIONS) ? i18n.t(code, CODE_OPTIONS) : code;
}

/** The UI's current language: one of {@link LANGUAGES} (the fallback before initialisation). */
export function uiLanguage(): Language {
  const current = i18next.resolvedLanguage;
  return LANGUAGES.find((language) => language === current) ?? LANGUAGES[0];
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
