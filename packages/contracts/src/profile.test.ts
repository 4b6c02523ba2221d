/** E-mail masking and title joining (spec §2 My information, §3 User TitleName). */
import { describe, expect, it } from 'vitest';
import { maskEmail, titleName } from './profile.ts';
import { CONSOLE_ERROR_MESSAGES_EN } from './console-errors.ts';
import { ERROR_CODES, errorMessageEn, isErrorCode } from './error-codes.ts';
import { ERROR_MESSAGES_EN } from './errors.ts';

describe('maskEmail', () => {
  it('keeps the first character, then dots, then the part from just before the @', () => {
    expect(maskEmail('player@example.com')).toBe('p•••r@example.com');
    expect(maskEmail('ab@example.com')).toBe('a•••b@example.com');
    expect(maskEmail('a@example.com')).toBe('a•••@example.com');
  });
  it('masks a value without @ entirely', () => {
    expect(maskEmail('nope')).toBe('••••');
  });
});

describe('titleName', () => {
  it('joins semicolon-separated titles with spaces, dropping blanks', () => {
    expect(titleName('Veteran; Explorer;;')).toBe('Veteran Explorer');
    expect(titleName('')).toBe('');
  });
});

describe('error catalogue', () => {
  it('has an English message for every code, and codes follow the ERROR_ naming', () => {
    for (const code of ERROR_CODES) {
      expect(code).toMatch(/^ERROR_[A-Z0-9_]+$/);
      expect(errorMessageEn(code).length).toBeGreaterThan(0);
    }
    expect(isErrorCode('ERROR_USER_CONFIRMED')).toBe(true);
    expect(isErrorCode('ERROR_NOPE')).toBe(false);
  });
  it("keeps the operator console's codes in a catalogue of their own, known to isErrorCode", () => {
    const player = Object.keys(ERROR_MESSAGES_EN);
    const console = Object.keys(CONSOLE_ERROR_MESSAGES_EN);
    expect(console.filter((code) => player.includes(code))).toEqual([]);
    expect(isErrorCode('ERROR_STAFF_ROLE_REQUIRED')).toBe(true);
    expect(ERROR_CODES).toContain('ERROR_STAFF_ROLE_REQUIRED');
    expect(errorMessageEn('ERROR_STAFF_ROLE_REQUIRED')).toBe('This is for staff only.');
  });
  it('keeps the spec wording of the login confirmation message', () => {
    expect(ERROR_MESSAGES_EN.ERROR_USER_CONFIRMED).toBe('Your must confirm your address email.');
  });
});
