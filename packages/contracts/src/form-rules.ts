/**
 * The account form rules that need no store (spec §5 "Rules visible only through server messages", the
 * TWO-POINT-STUDIOS rules, §8 codes, §9 limits), shared by the API (which decides) and the SPA (which
 * checks the same rules in the browser before sending, so that both give the same message). Pure
 * functions: each returns the error code of the first failing rule, or null; none touches a store
 * (uniqueness, referrer, disposable and reputation checks stay on the server).
 */
import { LIMITS } from './environments.ts';
import type { ErrorCode, ErrorItem } from './errors.ts';

/** Anything with one '@' between non-blank parts (a username must not look like this). */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+$/;
/** A pragmatic address check: dot-atom local part, dotted domain of LDH labels, TLD of letters. */
const EMAIL_FORMAT =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

/**
 * Username rules: 2–25 characters, ASCII letters and digits only, at least one letter, not an e-mail.
 * @returns ERROR_USERNAME_EMAIL / _LENGTH / _PATTERN / _LETTERS, or null
 */
export function usernameError(username: string): ErrorCode | null {
  if (EMAIL_SHAPE.test(username)) return 'ERROR_USERNAME_EMAIL';
  if (username.length < LIMITS.usernameMin || username.length > LIMITS.usernameMax)
    return 'ERROR_USERNAME_LENGTH';
  if (!/^[A-Za-z0-9]+$/.test(username)) return 'ERROR_USERNAME_PATTERN';
  if (!/[A-Za-z]/.test(username)) return 'ERROR_USERNAME_LETTERS';
  return null;
}

/**
 * Password rules: 8–50 characters, a letter, a number, must not contain the username
 * (case-insensitive; a username shorter than 2 characters is not looked for).
 * @returns ERROR_PASSWORD_EMPTY / _LENGTH / _LETTERS / _NUMBERS / _USERNAME, or null
 */
export function passwordError(password: string, username: string): ErrorCode | null {
  if (password.length === 0) return 'ERROR_PASSWORD_EMPTY';
  if (password.length < LIMITS.passwordMin || password.length > LIMITS.passwordMax)
    return 'ERROR_PASSWORD_LENGTH';
  if (!/\p{L}/u.test(password)) return 'ERROR_PASSWORD_LETTERS';
  if (!/\p{N}/u.test(password)) return 'ERROR_PASSWORD_NUMBERS';
  if (username.length >= LIMITS.usernameMin && password.toLowerCase().includes(username.toLowerCase())) {
    return 'ERROR_PASSWORD_USERNAME';
  }
  return null;
}

/**
 * TWO-POINT-STUDIOS password rule: 8–16 characters, an upper and a lower case letter, no whitespace.
 * @returns ERROR_PASSWORD_STUDIO_RULES, or null
 */
export function studioPasswordError(password: string): ErrorCode | null {
  const ok =
    password.length >= LIMITS.studioPasswordMin &&
    password.length <= LIMITS.studioPasswordMax &&
    /\p{Lu}/u.test(password) &&
    /\p{Ll}/u.test(password) &&
    !/\s/u.test(password);
  return ok ? null : 'ERROR_PASSWORD_STUDIO_RULES';
}

/**
 * The rule of a new password (registration, recovery, account change): an empty one is
 * ERROR_PASSWORD_EMPTY; with `studioRules` (TWO-POINT-STUDIOS) the studio rule comes next, as its
 * message names that studio's bounds (8–16, not the general 8–50); then the general rules.
 * @param username the player's username ('' when unknown: the username rule is then skipped)
 */
export function newPasswordError(password: string, username: string, studioRules: boolean): ErrorCode | null {
  if (password.length === 0) return 'ERROR_PASSWORD_EMPTY';
  return (studioRules ? studioPasswordError(password) : null) ?? passwordError(password, username);
}

/**
 * E-mail rules that need no store: empty, length 2–255, shape, format, unauthorised domain (the
 * domain and its sub-domains; the server's configured list, none in the browser).
 * @returns ERROR_EMAIL_EMPTY / _LENGTH / _INVALID / _INCORRECT_FORMAT / _DOMAIN_UNAUTHORIZED, or null
 */
export function emailError(email: string, unauthorizedDomains: readonly string[] = []): ErrorCode | null {
  if (email.trim().length === 0) return 'ERROR_EMAIL_EMPTY';
  if (email.length < LIMITS.emailMin || email.length > LIMITS.emailMax) return 'ERROR_EMAIL_LENGTH';
  if (!EMAIL_SHAPE.test(email)) return 'ERROR_EMAIL_INVALID';
  if (!EMAIL_FORMAT.test(email)) return 'ERROR_EMAIL_INCORRECT_FORMAT';
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  if (unauthorizedDomains.some((d) => domain === d || domain.endsWith(`.${d}`)))
    return 'ERROR_EMAIL_DOMAIN_UNAUTHORIZED';
  return null;
}

/**
 * TWO-POINT-STUDIOS date of birth: YYYY-MM-DD, year 1900..current, month 1–12, day 1–31 and a real
 * date, and at least 13 years old on `today` (its UTC calendar date; the browser passes the player's
 * local date as a UTC midnight).
 * @returns ERROR_DATE_OF_BIRTH_INVALID / ERROR_DATE_OF_BIRTH_AGE, or null
 */
export function dateOfBirthError(value: string, today: Date = new Date()): ErrorCode | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return 'ERROR_DATE_OF_BIRTH_INVALID';
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1900 || year > today.getUTCFullYear() || month < 1 || month > 12 || day < 1 || day > 31) {
    return 'ERROR_DATE_OF_BIRTH_INVALID';
  }
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return 'ERROR_DATE_OF_BIRTH_INVALID';
  const thirteenth = new Date(Date.UTC(year + LIMITS.minimumAgeYears, month - 1, day));
  const todayUtc = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return thirteenth.getTime() <= todayUtc ? null : 'ERROR_DATE_OF_BIRTH_AGE';
}

/** The register fields the store-free rules look at (spec §3 Register form). */
export interface RegisterRuleValues {
  Username: string;
  Firstname: string;
  Lastname?: string | null;
  DateOfBirth?: string | null;
  Password: string;
  ConfirmPassword: string;
  Email: string;
  ConfirmEmail: string;
  ApprovePrivacyPolicy: boolean;
  ApproveEULA: boolean;
  ApproveCodeOfConduct: boolean;
}

/** Options of {@link registerFormErrors}. */
export interface RegisterRuleOptions {
  /** The TWO-POINT-STUDIOS fields and rules (spec §5, §9): Lastname, DateOfBirth, password, Code of Conduct. */
  studioRules: boolean;
  /** The server's unauthorised e-mail domains (none in the browser). */
  unauthorizedDomains?: readonly string[];
  /** "Today" of the age rule (default: now). */
  today?: Date;
}

/**
 * Every store-free rule of a register form: one item per failing property (the first failing rule of
 * that property), in form order; [] when the form passes.
 */
export function registerFormErrors(form: RegisterRuleValues, options: RegisterRuleOptions): ErrorItem[] {
  const items: ErrorItem[] = [];
  const add = (property: string, code: ErrorCode | null) => {
    if (code) items.push({ Property: property, ErrorMessage: code });
  };
  const studio = options.studioRules;
  add('Username', usernameError(form.Username));
  add('Firstname', form.Firstname.trim() ? null : 'ERROR_FIRSTNAME_EMPTY');
  if (studio) {
    add('Lastname', (form.Lastname ?? '').trim() ? null : 'ERROR_LASTNAME_EMPTY');
    add('DateOfBirth', dateOfBirthError(form.DateOfBirth ?? '', options.today));
  }
  add('Password', newPasswordError(form.Password, form.Username, studio));
  add('ConfirmPassword', form.ConfirmPassword === form.Password ? null : 'ERROR_CONFIRM_PASSWORD_INVALID');
  add('Email', emailError(form.Email, options.unauthorizedDomains));
  add(
    'ConfirmEmail',
    form.ConfirmEmail.trim().toLowerCase() === form.Email.trim().toLowerCase()
      ? null
      : 'ERROR_CONFIRM_EMAIL_INVALID',
  );
  add('ApprovePrivacyPolicy', form.ApprovePrivacyPolicy ? null : 'ERROR_APPROVE_PRIVACY_POLICY');
  add('ApproveEULA', form.ApproveEULA ? null : 'ERROR_APPROVE_EULA');
  if (studio) add('ApproveCodeOfConduct', form.ApproveCodeOfConduct ? null : 'ERROR_APPROVE_CODE_OF_CONDUCT');
  return items;
}

/**
 * The items of a new password and its confirmation (account reset, recovery reset; spec §8 "Password
 * reset splits errors into blank, Password and ConfirmPassword groups"): {@link newPasswordError} on
 * `Password`, a mismatch on `ConfirmPassword`.
 */
export function newPasswordItems(
  studioRules: boolean,
  username: string,
  password: string,
  confirm: string,
): ErrorItem[] {
  const items: ErrorItem[] = [];
  const rule = newPasswordError(password, username, studioRules);
  if (rule) items.push({ Property: 'Password', ErrorMessage: rule });
  if (confirm !== password)
    items.push({ Property: 'ConfirmPassword', ErrorMessage: 'ERROR_CONFIRM_PASSWORD_INVALID' });
  return items;
}
