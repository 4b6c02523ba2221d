/**
 * Server-side register rules (spec §5 "Rules visible only through server messages", the
 * TWO-POINT-STUDIOS rules, §8 codes). Pure functions: they return the failing items, one per property,
 * and never touch the store (uniqueness and referrer are checked by the service).
 */
import {
  LIMITS,
  type Environment,
  type ErrorCode,
  type ErrorItem,
  type RegisterRequest,
} from '@guildgate/contracts';

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+$/;
/** A pragmatic address check: dot-atom local part, dotted domain of LDH labels, TLD of letters. */
const EMAIL_FORMAT =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

/** Username rules: 2–25, letters and digits only, at least one letter, not an e-mail. */
export function usernameError(username: string): ErrorCode | null {
  if (EMAIL_SHAPE.test(username)) return 'ERROR_USERNAME_EMAIL';
  if (username.length < LIMITS.usernameMin || username.length > LIMITS.usernameMax)
    return 'ERROR_USERNAME_LENGTH';
  if (!/^[A-Za-z0-9]+$/.test(username)) return 'ERROR_USERNAME_PATTERN';
  if (!/[A-Za-z]/.test(username)) return 'ERROR_USERNAME_LETTERS';
  return null;
}

/** Password rules: 8–50, a letter, a number, must not contain the username (case-insensitive). */
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
 * The items of a new password and its confirmation (account reset, recovery reset; spec §8 "Password
 * reset splits errors into blank, Password and ConfirmPassword groups"): the server rules, plus the
 * studio rule in TWO-POINT-STUDIOS, on `Password`; a mismatch on `ConfirmPassword`.
 */
export function newPasswordItems(
  environment: Environment,
  username: string,
  password: string,
  confirm: string,
): ErrorItem[] {
  const items: ErrorItem[] = [];
  const rule =
    passwordError(password, username) ??
    (environment === 'TWO-POINT-STUDIOS' ? studioPasswordError(password) : null);
  if (rule) items.push({ Property: 'Password', ErrorMessage: rule });
  if (confirm !== password)
    items.push({ Property: 'ConfirmPassword', ErrorMessage: 'ERROR_CONFIRM_PASSWORD_INVALID' });
  return items;
}

/** TWO-POINT-STUDIOS password rule: 8–16, an upper and a lower case letter, no whitespace. */
export function studioPasswordError(password: string): ErrorCode | null {
  const ok =
    password.length >= LIMITS.studioPasswordMin &&
    password.length <= LIMITS.studioPasswordMax &&
    /\p{Lu}/u.test(password) &&
    /\p{Ll}/u.test(password) &&
    !/\s/u.test(password);
  return ok ? null : 'ERROR_PASSWORD_STUDIO_RULES';
}

/** E-mail rules that need no store: empty, length 2–255, shape, format, unauthorised domain. */
export function emailError(email: string, unauthorizedDomains: readonly string[]): ErrorCode | null {
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
 * date, and at least 13 years old on `today`.
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

/** Context of one registration check. */
export interface RegisterRuleContext {
  environment: Environment;
  unauthorizedDomains: readonly string[];
  today?: Date;
}

/**
 * Every store-free rule for a register form. Returns one item per failing property (the first
 * failing rule of that property), in form order; [] when the form passes.
 */
export function registerFormErrors(form: RegisterRequest, rc: RegisterRuleContext): ErrorItem[] {
  const items: ErrorItem[] = [];
  const add = (property: string, code: ErrorCode | null) => {
    if (code) items.push({ Property: property, ErrorMessage: code });
  };
  const studio = rc.environment === 'TWO-POINT-STUDIOS';
  add('Username', usernameError(form.Username));
  add('Firstname', form.Firstname.trim() ? null : 'ERROR_FIRSTNAME_EMPTY');
  if (studio) {
    add('Lastname', (form.Lastname ?? '').trim() ? null : 'ERROR_LASTNAME_EMPTY');
    add('DateOfBirth', dateOfBirthError(form.DateOfBirth ?? '', rc.today));
  }
  add(
    'Password',
    passwordError(form.Password, form.Username) ?? (studio ? studioPasswordError(form.Password) : null),
  );
  add('ConfirmPassword', form.ConfirmPassword === form.Password ? null : 'ERROR_CONFIRM_PASSWORD_INVALID');
  add('Email', emailError(form.Email, rc.unauthorizedDomains));
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
