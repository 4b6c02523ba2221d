/** Tests of the login error rewrites (spec §8 Login). */
import { describe, expect, it } from 'vitest';
import { normalizeLoginErrors } from './login-errors.tsx';

describe('normalizeLoginErrors', () => {
  it('shows the IP ban with its login variant', () => {
    expect(
      normalizeLoginErrors({
        fields: { Password: 'ERROR_USER_IP_BANNED' },
        general: ['ERROR_USER_IP_BANNED'],
      }),
    ).toEqual({
      fields: { Password: 'ERROR_USER_IP_BANNED_LOGIN' },
      general: ['ERROR_USER_IP_BANNED_LOGIN'],
    });
  });
  it('moves the e-mail confirmation error to the general list (it carries a link)', () => {
    expect(
      normalizeLoginErrors({ fields: { UsernameOrEmail: 'ERROR_USER_CONFIRMED' }, general: [] }),
    ).toEqual({
      fields: {},
      general: ['ERROR_USER_CONFIRMED'],
    });
  });
  it('leaves other codes where they are', () => {
    const errors = {
      fields: { Password: 'ERROR_PASSWORD_EMPTY' },
      general: ['ERROR_USERNAME_PASSWORD_INCORRECT'],
    };
    expect(normalizeLoginErrors(errors)).toEqual(errors);
  });
});
