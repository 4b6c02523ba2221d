/**
 * The API's binding of the shared register rules to its environment (spec §5; rules.ts): every
 * failing property in form order, the TWO-POINT-STUDIOS fields and rules only there. The rules
 * themselves are tested in packages/contracts/src/form-rules.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { RegisterRequest } from '@guildgate/contracts';
import { newPasswordItems, registerFormErrors } from './rules.ts';

describe('registerFormErrors', () => {
  const form = (overrides: Partial<RegisterRequest> = {}): RegisterRequest => ({
    Username: 'Player1',
    Firstname: 'Ada',
    Lastname: 'Lovelace',
    DateOfBirth: '1990-01-01',
    Password: 'Secret1234',
    ConfirmPassword: 'Secret1234',
    Email: 'player1@players.test',
    ConfirmEmail: 'player1@players.test',
    ApprovePrivacyPolicy: true,
    ApproveEULA: true,
    ApproveCodeOfConduct: true,
    G2GSegaOptin: false,
    Additional: false,
    ...overrides,
  });
  const local = { environment: 'local' as const, unauthorizedDomains: [] };
  const studio = {
    environment: 'TWO-POINT-STUDIOS' as const,
    unauthorizedDomains: [],
    today: new Date(Date.UTC(2025, 0, 1)),
  };

  it('passes a valid form', () => {
    expect(registerFormErrors(form(), local)).toEqual([]);
    expect(registerFormErrors(form(), studio)).toEqual([]);
  });

  it('reports every failing property, one item each, in form order', () => {
    const items = registerFormErrors(
      form({
        Username: 'a',
        Firstname: ' ',
        Password: 'short',
        ConfirmPassword: 'other',
        Email: 'bad',
        ConfirmEmail: 'x@y.test',
        ApprovePrivacyPolicy: false,
        ApproveEULA: false,
      }),
      local,
    );
    expect(items).toEqual([
      { Property: 'Username', ErrorMessage: 'ERROR_USERNAME_LENGTH' },
      { Property: 'Firstname', ErrorMessage: 'ERROR_FIRSTNAME_EMPTY' },
      { Property: 'Password', ErrorMessage: 'ERROR_PASSWORD_LENGTH' },
      { Property: 'ConfirmPassword', ErrorMessage: 'ERROR_CONFIRM_PASSWORD_INVALID' },
      { Property: 'Email', ErrorMessage: 'ERROR_EMAIL_INVALID' },
      { Property: 'ConfirmEmail', ErrorMessage: 'ERROR_CONFIRM_EMAIL_INVALID' },
      { Property: 'ApprovePrivacyPolicy', ErrorMessage: 'ERROR_APPROVE_PRIVACY_POLICY' },
      { Property: 'ApproveEULA', ErrorMessage: 'ERROR_APPROVE_EULA' },
    ]);
  });

  it('applies the studio-only fields only in TWO-POINT-STUDIOS', () => {
    const missing = form({
      Lastname: null,
      DateOfBirth: null,
      ApproveCodeOfConduct: false,
      Password: 'secret1234',
      ConfirmPassword: 'secret1234',
    });
    expect(registerFormErrors(missing, local)).toEqual([]);
    expect(registerFormErrors(missing, studio)).toEqual([
      { Property: 'Lastname', ErrorMessage: 'ERROR_LASTNAME_EMPTY' },
      { Property: 'DateOfBirth', ErrorMessage: 'ERROR_DATE_OF_BIRTH_INVALID' },
      { Property: 'Password', ErrorMessage: 'ERROR_PASSWORD_STUDIO_RULES' },
      { Property: 'ApproveCodeOfConduct', ErrorMessage: 'ERROR_APPROVE_CODE_OF_CONDUCT' },
    ]);
  });

  it('compares the e-mail confirmation without case or surrounding spaces', () => {
    expect(registerFormErrors(form({ ConfirmEmail: ' PLAYER1@players.TEST ' }), local)).toEqual([]);
  });
});

describe('newPasswordItems', () => {
  it('applies the studio rule in TWO-POINT-STUDIOS only', () => {
    expect(newPasswordItems('TWO-POINT-STUDIOS', 'Player1', 'short1', 'short1')).toEqual([
      { Property: 'Password', ErrorMessage: 'ERROR_PASSWORD_STUDIO_RULES' },
    ]);
    expect(newPasswordItems('local', 'Player1', 'short1', 'short1')).toEqual([
      { Property: 'Password', ErrorMessage: 'ERROR_PASSWORD_LENGTH' },
    ]);
    expect(newPasswordItems('local', 'Player1', 'lowercase1234', 'other')).toEqual([
      { Property: 'ConfirmPassword', ErrorMessage: 'ERROR_CONFIRM_PASSWORD_INVALID' },
    ]);
  });
});
