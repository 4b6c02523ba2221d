/**
 * Client-side register rules (spec §5 Validation rules; §4 Register bot traps and too-fast rule; §9).
 * Every message is an error code of the contracts catalogue, turned into text at display.
 */
import { LIMITS } from '@guildgate/contracts';
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
 * spec §5 Date of birth: YYYY-MM-DD, year 1900 to current, month 1-12, day 1-31, else
 * ERROR_DATE_OF_BIRTH_INVALID; at least 13 years old, else ERROR_DATE_OF_BIRTH_AGE.
 * @returns the error code, or null when valid
 */
export function validateDateOfBirth(value: string, today: Date): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!match) return 'ERROR_DATE_OF_BIRTH_INVALID';
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const currentYear = today.getFullYear();
  if (year < 1900 || year > currentYear || month < 1 || month > 12 || day < 1 || day > 31) {
    return 'ERROR_DATE_OF_BIRTH_INVALID';
  }
  const currentMonth = today.getMonth() + 1;
  const currentDay = today.getDate();
  const hadBirthday = currentMonth > month || (currentMonth === month && currentDay >= day);
  const age = currentYear - year - (hadBirthday ? 0 : 1);
  return age >= LIMITS.minimumAgeYears ? null : 'ERROR_DATE_OF_BIRTH_AGE';
}

/** spec §5 two-point password: 8 to 16 characters, an upper and a lower case letter, no whitespace. */
export function isTwoPointPassword(password: string): boolean {
  const length = [...password].length;
  return (
    length >= LIMITS.studioPasswordMin &&
    length <= LIMITS.studioPasswordMax &&
    !/\s/u.test(password) &&
    /\p{Lu}/u.test(password) &&
    /\p{Ll}/u.test(password)
  );
}

/** One failed client rule. */
export interface RuleIssue {
  field: RegisterField;
  code: string;
}

/** The client rules of spec §5 (the server checks everything again). */
export function validateRegisterValues(
  values: RegisterFormValues,
  options: RegisterRuleOptions,
): RuleIssue[] {
  const issues: RuleIssue[] = [];
  if (options.twoPoint) {
    const dateError = validateDateOfBirth(values.DateOfBirth, options.today);
    if (dateError) issues.push({ field: 'DateOfBirth', code: dateError });
    if (!isTwoPointPassword(values.Password)) {
      issues.push({ field: 'Password', code: 'ERROR_PASSWORD_STUDIO_RULES' });
    }
    if (!values.ApproveCodeOfConduct) {
      issues.push({ field: 'ApproveCodeOfConduct', code: 'ERROR_APPROVE_CODE_OF_CONDUCT' });
    }
  }
  if (!values.ApprovePrivacyPolicy)
    issues.push({ field: 'ApprovePrivacyPolicy', code: 'ERROR_APPROVE_PRIVACY_POLICY' });
  if (!values.ApproveEULA) issues.push({ field: 'ApproveEULA', code: 'ERROR_APPROVE_EULA' });
  return issues;
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
