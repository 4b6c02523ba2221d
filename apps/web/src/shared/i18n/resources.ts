/**
 * Every language's texts at once (DESIGN.md §6), for tests and tools that compare catalogues. The app
 * itself never imports this module: i18n.ts loads only the language a page shows (docs/performance.md).
 */
import { CONSOLE_ERROR_MESSAGES_EN } from '@guildgate/contracts';
import { ADMIN_EN } from './locales/admin-en.ts';
import { ADMIN_FR } from './locales/admin-fr.ts';
import { CONSENT_EN } from './locales/consent-en.ts';
import { CONSENT_FR } from './locales/consent-fr.ts';
import { FR_CONSOLE_ERRORS } from './locales/console-errors-fr.ts';
import { DATA_EXPORT_EN } from './locales/data-export-en.ts';
import { DATA_EXPORT_FR } from './locales/data-export-fr.ts';
import { EN_BUNDLE } from './locales/en-bundle.ts';
import { FR_BUNDLE } from './locales/fr-bundle.ts';
import { SECURE_ACCOUNT_EN } from './locales/secure-account-en.ts';
import { SECURE_ACCOUNT_FR } from './locales/secure-account-fr.ts';
import { PASSWORD_STRENGTH_EN } from './locales/password-strength-en.ts';
import { PASSWORD_STRENGTH_FR } from './locales/password-strength-fr.ts';
import { SECURITY_EN } from './locales/security-en.ts';
import { SECURITY_FR } from './locales/security-fr.ts';
import { SECOND_FACTOR_EN } from './locales/second-factor-en.ts';
import { SECOND_FACTOR_FR } from './locales/second-factor-fr.ts';
import { PASSKEY_LOGIN_EN } from './locales/passkey-login-en.ts';
import { PASSKEY_LOGIN_FR } from './locales/passkey-login-fr.ts';

/**
 * Resources per language and namespace (the page namespaces of i18n.ts included; the `errors` namespace
 * with the operator console's codes, which the console adds when it loads).
 */
export const RESOURCES = {
  en: {
    ...EN_BUNDLE,
    errors: { ...EN_BUNDLE.errors, ...CONSOLE_ERROR_MESSAGES_EN },
    admin: ADMIN_EN,
    consent: CONSENT_EN,
    dataExport: DATA_EXPORT_EN,
    security: SECURITY_EN,
    secureAccount: SECURE_ACCOUNT_EN,
    'second-factor': SECOND_FACTOR_EN,
    'passkey-login': PASSKEY_LOGIN_EN,
    'password-strength': PASSWORD_STRENGTH_EN,
  },
  fr: {
    ...FR_BUNDLE,
    errors: { ...FR_BUNDLE.errors, ...FR_CONSOLE_ERRORS },
    admin: ADMIN_FR,
    consent: CONSENT_FR,
    dataExport: DATA_EXPORT_FR,
    security: SECURITY_FR,
    secureAccount: SECURE_ACCOUNT_FR,
    'second-factor': SECOND_FACTOR_FR,
    'passkey-login': PASSKEY_LOGIN_FR,
    'password-strength': PASSWORD_STRENGTH_FR,
  },
} as const;

/**
 * Every leaf of a text tree (a catalogue or part of one) as `dotted.path → text`, for comparing
 * catalogues (the French completeness test, the end-to-end check for English on French pages).
 * @param tree nested objects whose leaves are strings
 * @param prefix the path of `tree` itself ('' at the root)
 */
export function textLeaves(tree: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [p, v] of textLeaves(value as object, path)) out.set(p, v);
  }
  return out;
}
