/**
 * Client-side register rules (spec §5 Validation rules; §4 Register bot traps and too-fast rule; §9):
 * the shared store-free rules of the contracts (form-rules.ts, the server's own), so that the browser
 * shows the server's messages before anything is sent. Every message is an error code of the contracts
 * catalogue, turned into text at display.
 */
import { dateOfBirthError, LIMITS, registerFormErrors, studioPasswordError } from '@guildgate/contracts';
import { z } from 'zod';

/** The register form as typed by the player (spec §3 Register form, UI part). */
export interface RegisterFormValues {
  Username: string;
  Firstname: string;
  Lastname: string;
  DateOfBirth: string;
  Email: string;
  ConfirmEmail: string;
  Password: string;
  ConfirmPassword: string;
  Referrer: string;
  ApprovePrivacyPolicy: boolean;
  ApproveEULA: boolean;
  ApproveCodeOfConduct: boolean;
  G2GSegaOptin: boolean;
  UsageNameHoneyPot: string;
  Additional: boolean;
}

/** Field names the API may name in `Property` (spec §5 "Server rules per property"). */
export const REGISTER_FIELDS = [
  'Username',
  'Firstname',
  'Lastname',
  'DateOfBirth',
  'Email',
  'ConfirmEmail',
  'Password',
  'ConfirmPassword',
  'Referrer',
  'ApprovePrivacyPolicy',
  'ApproveEULA',
  'ApproveCodeOfConduct',
  'G2GSegaOptin',
] as const satisfies readonly (keyof RegisterFormValues)[];
export type RegisterField = (typeof REGISTER_FIELDS)[number];

/** Options of the client rules. */
export interface RegisterRuleOptions {
  /** TWO-POINT-STUDIOS rules (spec §5). */
  twoPoint: boolean;
  /** "Today", injectable for tests. */
  today: Date;
}

/**
 * spec §5: "dashes are inserted automatically after the 4th and 7th characters" while typing.
 * @param next the value the input now holds
 * @param previous the value before this change (a shrinking value is a deletion: no dash is added)
 */
export function autoDashDateOfBirth(next: string, previous = ''): string {
  const digits = next.replace(/\D/g, '').slice(0, 8);
  let out = digits.slice(0, 4);
  if (digits.length > 4) out += `-${digits.slice(4, 6)}`;
  if (digits.length > 6) out += `-${digits.slice(6, 8)}`;
  const atBoundary = digits.length === 4 || digits.length === 6;
  const typing = next.length > previous.length;
  if (atBoundary && (typing || next.endsWith('-'))) out += '-';
  return out;
}

/**
 * spec §5 Date of birth: YYYY-MM-DD, year 1900 to current, month 1-12, day 1-31 (a real date), else
 * ERROR_DATE_OF_BIRTH_INVALID; at least 13 years old, else ERROR_DATE_OF_BIRTH_AGE. The contracts' rule
 * (the server's), on the player's own calendar date `today`.
 * @returns the error code, or null when valid
 */
export function validateDateOfBirth(value: string, today: Date): string | null {
  const localToday = new Date(Date.UTC(today.getFullYear(), today.getMonth(), today.getDate()));
  return dateOfBirthError(value.trim(), localToday);
}

/** spec §5 two-point password: 8 to 16 characters, an upper and a lower case letter, no whitespace. */
export function isTwoPointPassword(password: string): boolean {
  return studioPasswordError(password) === null;
}

/** One failed client rule. */
export interface RuleIssue {
  field: RegisterField;
  code: string;
}

/**
 * The values as the form sends them (spec §3 Register form): names and addresses without the spaces
 * around them.
 */
export function trimmedValues(values: RegisterFormValues): RegisterFormValues {
  return {
    ...values,
    Username: values.Username.trim(),
    Firstname: values.Firstname.trim(),
    Lastname: values.Lastname.trim(),
    DateOfBirth: values.DateOfBirth.trim(),
    Email: values.Email.trim(),
    ConfirmEmail: values.ConfirmEmail.trim(),
    Referrer: values.Referrer.trim(),
  };
}

/**
 * The rules of spec §5 the browser can check, before anything is sent: the store-free rules of the
 * contracts (`registerFormErrors`, the very ones the server applies, so the messages agree), on the
 * values as they will be sent. The server checks everything again, and what needs its store (a name or
 * an address already taken, a disposable or unauthorised domain, the referrer).
 */
export function validateRegisterValues(
  values: RegisterFormValues,
  options: RegisterRuleOptions,
): RuleIssue[] {
  const today = new Date(
    Date.UTC(options.today.getFullYear(), options.today.getMonth(), options.today.getDate()),
  );
  return registerFormErrors(trimmedValues(values), { studioRules: options.twoPoint, today }).map((item) => ({
    field: item.Property as RegisterField,
    code: item.ErrorMessage,
  }));
}

/** The zod schema of the form, for react-hook-form's resolver (messages are error codes). */
export function registerFormSchema(options: Omit<RegisterRuleOptions, 'today'> & { today: () => Date }) {
  return z
    .object({
      Username: z.string(),
      Firstname: z.string(),
      Lastname: z.string(),
      DateOfBirth: z.string(),
      Email: z.string(),
      ConfirmEmail: z.string(),
      Password: z.string(),
      ConfirmPassword: z.string(),
      Referrer: z.string(),
      ApprovePrivacyPolicy: z.boolean(),
      ApproveEULA: z.boolean(),
      ApproveCodeOfConduct: z.boolean(),
      G2GSegaOptin: z.boolean(),
      UsageNameHoneyPot: z.string(),
      Additional: z.boolean(),
    })
    .superRefine((values, ctx) => {
      for (const issue of validateRegisterValues(values, { ...options, today: options.today() })) {
        ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.code });
      }
    });
}

/** spec §4 too-fast rule: a submit within 15 s of page load is refused. */
export function isTooFast(elapsedMs: number): boolean {
  return elapsedMs < LIMITS.registerMinimumTimeOnPageMs;
}

/** spec §4 bot traps: the hidden Additional checkbox means nothing is sent. */
export function isTrapped(values: Pick<RegisterFormValues, 'Additional'>): boolean {
  return values.Additional;
}
