/** Tests of the browser's field checks: the server's rules and codes (spec §5, §8). */
import { describe, expect, it } from 'vitest';
import { confirmsEmail, confirmsPassword, emailRule, newPasswordRule, usernameRule } from './field-rules.ts';

describe('field rules', () => {
  it('checks an e-mail address as sent, with the server codes', () => {
    expect(emailRule('', {})).toBe('ERROR_EMAIL_EMPTY');
    expect(emailRule('not-an-email', {})).toBe('ERROR_EMAIL_INVALID');
    expect(emailRule('a@b', {})).toBe('ERROR_EMAIL_INCORRECT_FORMAT');
    expect(emailRule('  player@players.test ', {})).toBe(true);
  });
  it('checks a username as sent', () => {
    expect(usernameRule('no spaces allowed', {})).toBe('ERROR_USERNAME_PATTERN');
    expect(usernameRule('a', {})).toBe('ERROR_USERNAME_LENGTH');
    expect(usernameRule(' Player1 ', {})).toBe(true);
  });
  it('checks a new password, with the studio rule first in TWO-POINT-STUDIOS', () => {
    expect(newPasswordRule(false)('', {})).toBe('ERROR_PASSWORD_EMPTY');
    expect(newPasswordRule(false)('short1', {})).toBe('ERROR_PASSWORD_LENGTH');
    expect(newPasswordRule(true)('short1', {})).toBe('ERROR_PASSWORD_STUDIO_RULES');
    expect(newPasswordRule(false, 'Player1')('xxplayer1xx', {})).toBe('ERROR_PASSWORD_USERNAME');
    expect(newPasswordRule(false)('Recovered2025Pw', {})).toBe(true);
  });
  it('compares the confirmations like the server', () => {
    const password = confirmsPassword('Password');
    expect(password('Secret1234', { Password: 'Secret1234' })).toBe(true);
    expect(password('secret1234', { Password: 'Secret1234' })).toBe('ERROR_CONFIRM_PASSWORD_INVALID');
    const email = confirmsEmail('Email');
    expect(email(' P@Players.test', { Email: 'p@players.test ' })).toBe(true);
    expect(email('q@players.test', { Email: 'p@players.test' })).toBe('ERROR_CONFIRM_EMAIL_INVALID');
  });
});
