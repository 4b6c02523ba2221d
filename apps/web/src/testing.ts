/**
 * `@guildgate/web/testing` (issue 20 §6): what the end-to-end tests read of the SPA — its English and
 * French catalogues and the walk over their texts (shared/i18n) — so that e2e/ never reaches into
 * `apps/web/src` by a relative path. Never imported by the SPA itself.
 */
export { EN, EN_ERRORS, EN_SHELL } from './shared/i18n/locales/en.ts';
export { FR } from './shared/i18n/locales/fr.ts';
export { FR_ERRORS } from './shared/i18n/locales/fr-errors.ts';
export { CONSENT_EN } from './shared/i18n/locales/consent-en.ts';
export { CONSENT_FR } from './shared/i18n/locales/consent-fr.ts';
export { DATA_EXPORT_EN } from './shared/i18n/locales/data-export-en.ts';
export { DATA_EXPORT_FR } from './shared/i18n/locales/data-export-fr.ts';
export { SECURE_ACCOUNT_EN } from './shared/i18n/locales/secure-account-en.ts';
export { SECURE_ACCOUNT_FR } from './shared/i18n/locales/secure-account-fr.ts';
export { PASSKEY_LOGIN_EN } from './shared/i18n/locales/passkey-login-en.ts';
export { PASSKEY_LOGIN_FR } from './shared/i18n/locales/passkey-login-fr.ts';
export { SECOND_FACTOR_EN } from './shared/i18n/locales/second-factor-en.ts';
export { SECOND_FACTOR_FR } from './shared/i18n/locales/second-factor-fr.ts';
export { SECURITY_EN } from './shared/i18n/locales/security-en.ts';
export { SECURITY_FR } from './shared/i18n/locales/security-fr.ts';
export { textLeaves } from './shared/i18n/resources.ts';
