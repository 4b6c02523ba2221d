/**
 * The operator console's error texts (issue 24; contracts console-errors.ts): not in the player pages'
 * `errors` namespace, so the console adds them — English and French — when its chunk loads. i18next
 * merges a language's namespace loaded later with these keys (its backend adds, it does not replace).
 */
import i18next, { type i18n as I18n } from 'i18next';
import { CONSOLE_ERROR_MESSAGES_EN } from '@guildgate/contracts';
import { FR_CONSOLE_ERRORS } from '../../shared/i18n/locales/console-errors-fr.ts';

/** Adds the console's codes to `i18n`'s `errors` namespace in every language (idempotent). */
export function addConsoleErrorTexts(i18n: I18n = i18next): void {
  i18n.addResourceBundle('en', 'errors', CONSOLE_ERROR_MESSAGES_EN, true, false);
  i18n.addResourceBundle('fr', 'errors', FR_CONSOLE_ERRORS, true, false);
}
