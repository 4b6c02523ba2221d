/** Tests of the client register rules (spec §4, §5, §9). */
import { describe, expect, it } from 'vitest';
import {
  autoDashDateOfBirth,
  isTooFast,
  isTwoPointPassword,
  validateDateOfBirth,
  validateRegisterValues,
  type RegisterFormValues,
} from './register-rules.ts';

const today = new Date(2025, 5, 15); // 15 June 2025, local time

describe('autoDashDateOfBirth', () => {
  it('adds a dash after the 4th and the 7th character while typing', () => {
    expect(autoDashDateOfBirth('1990', '199')).toBe('1990-');
    expect(autoDashDateOfBirth('1990-0', '1990-')).toBe('1990-0');
    expect(autoDashDateOfBirth('1990-01', '1990-0')).toBe('1990-01-');
    expect(autoDashDateOfBirth('1990-01-1', '1990-01-')).toBe('1990-01-1');
    expect(autoDashDateOfBirth('1990-01-15', '1990-01-1')).toBe('1990-01-15');
  });
  it('formats typed or pasted digits', () => {
    expect(autoDashDateOfBirth('19900115')).toBe('1990-01-15');
    expect(autoDashDateOfBirth('1990/01/15')).toBe('1990-01-15');
    expect(autoDashDateOfBirth('1990-01-15999')).toBe('1990-01-15');
  });
  it('lets the player delete a dash', () => {
    expect(autoDashDateOfBirth('1990', '1990-')).toBe('1990');
    expect(autoDashDateOfBirth('1990-', '1990-0')).toBe('1990-');
    expect(autoDashDateOfBirth('1990-01', '1990-01-')).toBe('1990-01');
  });
  it('drops letters', () => {
    expect(autoDashDateOfBirth('19a', '19')).toBe('19');
  });
});

describe('validateDateOfBirth', () => {
  it('accepts a valid date of someone old enough', () => {
    expect(validateDateOfBirth('1990-01-15', today)).toBeNull();
  });
  it('refuses badly written dates', () => {
    for (const value of ['', '1990-1-15', '15/01/1990', '19900115', '1990-01-15x']) {
      expect(validateDateOfBirth(value, today)).toBe('ERROR_DATE_OF_BIRTH_INVALID');
    }
  });
  it('refuses out-of-range years, months and days', () => {
    expect(validateDateOfBirth('1899-12-31', today)).toBe('ERROR_DATE_OF_BIRTH_INVALID');
    expect(validateDateOfBirth('2026-01-01', today)).toBe('ERROR_DATE_OF_BIRTH_INVALID');
    expect(validateDateOfBirth('1990-13-01', today)).toBe('ERROR_DATE_OF_BIRTH_INVALID');
    expect(validateDateOfBirth('1990-00-01', today)).toBe('ERROR_DATE_OF_BIRTH_INVALID');
    expect(validateDateOfBirth('1990-01-32', today)).toBe('ERROR_DATE_OF_BIRTH_INVALID');
    expect(validateDateOfBirth('1990-01-00', today)).toBe('ERROR_DATE_OF_BIRTH_INVALID');
  });
  it('applies the 13-year rule on the birthday itself', () => {
    expect(validateDateOfBirth('2012-06-15', today)).toBeNull();
    expect(validateDateOfBirth('2012-06-16', today)).toBe('ERROR_DATE_OF_BIRTH_AGE');
    expect(validateDateOfBirth('2012-07-01', today)).toBe('ERROR_DATE_OF_BIRTH_AGE');
    expect(validateDateOfBirth('2025-01-01', today)).toBe('ERROR_DATE_OF_BIRTH_AGE');
  });
});

describe('isTwoPointPassword', () => {
  it('accepts 8 to 16 characters with upper and lower case', () => {
    expect(isTwoPointPassword('Abcdefgh')).toBe(true);
    expect(isTwoPointPassword('Abcdefgh12345678')).toBe(true);
  });
  it('refuses wrong lengths, missing cases and whitespace', () => {
    expect(isTwoPointPassword('Abcdefg')).toBe(false);
    expect(isTwoPointPassword('Abcdefgh123456789')).toBe(false);
    expect(isTwoPointPassword('abcdefgh1')).toBe(false);
    expect(isTwoPointPassword('ABCDEFGH1')).toBe(false);
    expect(isTwoPointPassword('Abcd efgh')).toBe(false);
  });
});

describe('validateRegisterValues', () => {
  const base: RegisterFormValues = {
    Username: 'player1',
    Firstname: 'Pat',
    Lastname: 'Doe',
    DateOfBirth: '1990-01-15',
    Email: 'p@example.com',
    ConfirmEmail: 'p@example.com',
    Password: 'Password1',
    ConfirmPassword: 'Password1',
    Referrer: '',
    ApprovePrivacyPolicy: true,
    ApproveEULA: true,
    ApproveCodeOfConduct: true,
    G2GSegaOptin: false,
    UsageNameHoneyPot: '',
    Additional: false,
  };

  it('passes a complete two-point form', () => {
    expect(validateRegisterValues(base, { twoPoint: true, today })).toEqual([]);
  });
  it('lists the two-point rules', () => {
    const issues = validateRegisterValues(
      { ...base, DateOfBirth: '2020-01-01', Password: 'short', ApproveCodeOfConduct: false },
      { twoPoint: true, today },
    );
    expect(issues).toEqual([
      { field: 'DateOfBirth', code: 'ERROR_DATE_OF_BIRTH_AGE' },
      { field: 'Password', code: 'ERROR_PASSWORD_STUDIO_RULES' },
      // The confirmation is checked in the browser too (it still holds the first password).
      { field: 'ConfirmPassword', code: 'ERROR_CONFIRM_PASSWORD_INVALID' },
      { field: 'ApproveCodeOfConduct', code: 'ERROR_APPROVE_CODE_OF_CONDUCT' },
    ]);
  });
  it('does not apply the two-point rules elsewhere', () => {
    const values = {
      ...base,
      DateOfBirth: '',
      Password: 'password1',
      ConfirmPassword: 'password1',
      ApproveCodeOfConduct: false,
    };
    expect(validateRegisterValues(values, { twoPoint: false, today })).toEqual([]);
  });
  it('names every empty field with the spec message, in form order', () => {
    const empty = {
      ...base,
      Username: '',
      Firstname: ' ',
      Lastname: '',
      DateOfBirth: '',
      Email: '',
      ConfirmEmail: '',
      Password: '',
      ConfirmPassword: '',
      ApprovePrivacyPolicy: false,
      ApproveEULA: false,
      ApproveCodeOfConduct: false,
    };
    expect(validateRegisterValues(empty, { twoPoint: false, today })).toEqual([
      { field: 'Username', code: 'ERROR_USERNAME_LENGTH' },
      { field: 'Firstname', code: 'ERROR_FIRSTNAME_EMPTY' },
      { field: 'Password', code: 'ERROR_PASSWORD_EMPTY' },
      { field: 'Email', code: 'ERROR_EMAIL_EMPTY' },
      { field: 'ApprovePrivacyPolicy', code: 'ERROR_APPROVE_PRIVACY_POLICY' },
      { field: 'ApproveEULA', code: 'ERROR_APPROVE_EULA' },
    ]);
    expect(validateRegisterValues(empty, { twoPoint: true, today }).map((i) => i.field)).toEqual([
      'Username',
      'Firstname',
      'Lastname',
      'DateOfBirth',
      'Password',
      'Email',
      'ApprovePrivacyPolicy',
      'ApproveEULA',
      'ApproveCodeOfConduct',
    ]);
  });
  it("applies the server's formats: username, password, e-mail and the confirmations", () => {
    const values = {
      ...base,
      Username: 'no spaces',
      Password: 'letters only',
      ConfirmPassword: 'letters only!',
      Email: 'p@example',
      ConfirmEmail: 'q@example.com',
    };
    expect(validateRegisterValues(values, { twoPoint: false, today })).toEqual([
      { field: 'Username', code: 'ERROR_USERNAME_PATTERN' },
      { field: 'Password', code: 'ERROR_PASSWORD_NUMBERS' },
      { field: 'ConfirmPassword', code: 'ERROR_CONFIRM_PASSWORD_INVALID' },
      { field: 'Email', code: 'ERROR_EMAIL_INCORRECT_FORMAT' },
      { field: 'ConfirmEmail', code: 'ERROR_CONFIRM_EMAIL_INVALID' },
    ]);
  });
  it('checks the values as they are sent, without surrounding spaces', () => {
    const values = {
      ...base,
      Username: ' player1 ',
      Email: ' p@example.com',
      ConfirmEmail: 'P@example.com ',
    };
    expect(validateRegisterValues(values, { twoPoint: true, today })).toEqual([]);
  });
  it('requires the privacy policy and the terms everywhere', () => {
    const values = { ...base, ApprovePrivacyPolicy: false, ApproveEULA: false };
    expect(validateRegisterValues(values, { twoPoint: false, today })).toEqual([
      { field: 'ApprovePrivacyPolicy', code: 'ERROR_APPROVE_PRIVACY_POLICY' },
      { field: 'ApproveEULA', code: 'ERROR_APPROVE_EULA' },
    ]);
  });
});

describe('isTooFast', () => {
  it('refuses a submit within 15 000 ms of page load', () => {
    expect(isTooFast(0)).toBe(true);
    expect(isTooFast(14_999)).toBe(true);
    expect(isTooFast(15_000)).toBe(false);
  });
});
