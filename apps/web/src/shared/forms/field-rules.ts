/**
 * Browser checks of single fields with the server's own rules (contracts form-rules.ts; spec §5, §8
 * codes), as react-hook-form `validate` functions: each returns true, or the error code the server
 * would answer, which the field shows through the catalogue (shared/i18n). The server checks again.
 */
import { emailError, newPasswordError, usernameError } from '@guildgate/contracts';

/** A react-hook-form `validate` function of a text field. */
export type FieldRule<V = unknown> = (value: string, values: V) => true | string;

/** An e-mail address (spec §5 Email: empty, length, format), on the value as sent (trimmed). */
export const emailRule: FieldRule = (value) => emailError(value.trim()) ?? true;

/** A username (spec §5 Username: 2–25 letters and digits, a letter, not an e-mail), trimmed. */
export const usernameRule: FieldRule = (value) => usernameError(value.trim()) ?? true;

/**
 * A new password (spec §5 Password; the TWO-POINT-STUDIOS rule first with `studioRules`).
 * @param username the player's username when known ('' skips the "must not contain" rule)
 */
export function newPasswordRule(studioRules: boolean, username = ''): FieldRule {
  return (value) => newPasswordError(value, username, studioRules) ?? true;
}

/** The confirmation of the password field `field` (spec §8 CONFIRM_PASSWORD_INVALID). */
export function confirmsPassword<F extends string>(field: F): FieldRule<Record<F, string>> {
  return (value, values) => value === values[field] || 'ERROR_CONFIRM_PASSWORD_INVALID';
}

/** The confirmation of the e-mail field `field`, without case or surrounding spaces (as the server). */
export function confirmsEmail<F extends string>(field: F): FieldRule<Record<F, string>> {
  return (value, values) =>
    value.trim().toLowerCase() === values[field].trim().toLowerCase() || 'ERROR_CONFIRM_EMAIL_INVALID';
}
