/** E-mail masking and title joining (spec §2 My information, §3 User TitleName). */
import { describe, expect, it } from 'vitest';
import { maskEmail, titleName } from './profile.ts';
import { ERROR_CODES, ERROR_MESSAGES_EN, isErrorCode } from './errors.ts';

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
      expect(ERROR_MESSAGES_EN[code].length).toBeGreaterThan(0);
    }
    expect(isErrorCode('ERROR_USER_CONFIRMED')).toBe(true);
    expect(isErrorCode('ERROR_NOPE')).toBe(false);
  });
  it('keeps the spec wording of the login confirmation message', () => {
    expect(ERROR_MESSAGES_EN.ERROR_USER_CONFIRMED).toBe('Your must confirm your address email.');
  });
});
