/**
 * The shared store-free account form rules (spec §5 "Rules visible only through server messages", the
 * TWO-POINT-STUDIOS rules, §9 limits), with examples at every boundary and fast-check properties. The
 * API decides with them and the SPA checks them in the browser (form-rules.ts).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LIMITS } from './environments.ts';
import {
  dateOfBirthError,
  emailError,
  newPasswordError,
  newPasswordItems,
  passwordError,
  registerFormErrors,
  studioPasswordError,
  usernameError,
  type RegisterRuleValues,
} from './form-rules.ts';

const ALNUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';

const charOf = (alphabet: string) => fc.constantFrom(...alphabet.split(''));
const stringOf = (alphabet: string, minLength: number, maxLength: number) =>
  fc.string({ unit: charOf(alphabet), minLength, maxLength });

/** A username the rules accept: 2–25 ASCII letters/digits with at least one letter. */
const validUsername = fc
  .tuple(charOf(LETTERS), stringOf(ALNUM, 1, 24), fc.nat())
  .map(([letter, rest, at]) => {
    const i = at % (rest.length + 1);
    return rest.slice(0, i) + letter + rest.slice(i);
  });

describe('usernameError', () => {
  it.each([
    ['a', 'ERROR_USERNAME_LENGTH'],
    ['', 'ERROR_USERNAME_LENGTH'],
    ['a'.repeat(26), 'ERROR_USERNAME_LENGTH'],
    ['bad name', 'ERROR_USERNAME_PATTERN'],
    ['ab_c', 'ERROR_USERNAME_PATTERN'],
    ['Zoë', 'ERROR_USERNAME_PATTERN'],
    ['12345', 'ERROR_USERNAME_LETTERS'],
    ['a@b.com', 'ERROR_USERNAME_EMAIL'],
    ['player@example', 'ERROR_USERNAME_EMAIL'],
  ])('%j → %s', (username, code) => {
    expect(usernameError(username)).toBe(code);
  });

  it.each(['ab', 'a'.repeat(25), 'Player1', '1a', 'A9'])('accepts %j', (username) => {
    expect(usernameError(username)).toBeNull();
  });

  it('accepts every 2–25 alphanumeric name with a letter', () => {
    fc.assert(fc.property(validUsername, (u) => usernameError(u) === null));
  });

  it('refuses every name longer than 25 or shorter than 2 characters', () => {
    fc.assert(
      fc.property(fc.oneof(stringOf(ALNUM, 26, 60), stringOf(ALNUM, 0, 1)), (u) => {
        expect(usernameError(u)).toBe('ERROR_USERNAME_LENGTH');
      }),
    );
  });

  it('refuses every name holding a character other than an ASCII letter or digit', () => {
    fc.assert(
      fc.property(
        validUsername,
        fc.string({ minLength: 1, maxLength: 1 }).filter((c) => !/[A-Za-z0-9@]/.test(c)),
        (u, bad) => {
          const name = (u + bad).slice(-25);
          expect(usernameError(name)).toBe('ERROR_USERNAME_PATTERN');
        },
      ),
    );
  });

  it('refuses every all-digit name of a valid length', () => {
    fc.assert(fc.property(stringOf(DIGITS, 2, 25), (u) => usernameError(u) === 'ERROR_USERNAME_LETTERS'));
  });
});

describe('passwordError', () => {
  it.each([
    ['', 'Player1', 'ERROR_PASSWORD_EMPTY'],
    ['Abc1234', 'Player1', 'ERROR_PASSWORD_LENGTH'],
    [`${'a1'.repeat(25)}b`, 'Player1', 'ERROR_PASSWORD_LENGTH'],
    ['12345678', 'Player1', 'ERROR_PASSWORD_LETTERS'],
    ['abcdefgh', 'Player1', 'ERROR_PASSWORD_NUMBERS'],
    ['xxplayer1xx', 'Player1', 'ERROR_PASSWORD_USERNAME'],
    ['XXPLAYER1XX', 'player1', 'ERROR_PASSWORD_USERNAME'],
  ])('%j for %j → %s', (password, username, code) => {
    expect(passwordError(password, username)).toBe(code);
  });

  it.each([
    ['Abcd1234', 'Player1'],
    ['a1'.repeat(25), 'Player1'],
    ['a1234567', 'x'], // a one-character username is not checked (it is invalid anyway)
    ['мир12345', 'Player1'], // letters of any script count
  ])('accepts %j for %j', (password, username) => {
    expect(passwordError(password, username)).toBeNull();
  });

  it('accepts every 8–50 password with a letter and a digit that does not contain the username', () => {
    fc.assert(
      fc.property(
        charOf(LETTERS),
        charOf(DIGITS),
        stringOf(`${ALNUM}!#$%&*+-=?_ `, 6, 48),
        validUsername,
        (letter, digit, rest, username) => {
          const password = letter + rest + digit;
          fc.pre(!password.toLowerCase().includes(username.toLowerCase()));
          expect(passwordError(password, username)).toBeNull();
        },
      ),
    );
  });

  it('refuses every password that contains the username, whatever the case', () => {
    fc.assert(
      fc.property(validUsername, stringOf(ALNUM, 0, 10), fc.boolean(), (username, pad, upper) => {
        const core = upper ? username.toUpperCase() : username.toLowerCase();
        const password = `${pad}${core}a1`.padEnd(8, 'z');
        fc.pre(password.length <= LIMITS.passwordMax);
        expect(passwordError(password, username)).toBe('ERROR_PASSWORD_USERNAME');
      }),
    );
  });

  it('refuses every password outside 8–50 characters', () => {
    fc.assert(
      fc.property(fc.oneof(stringOf(ALNUM, 1, 7), stringOf(ALNUM, 51, 80)), (p) => {
        expect(passwordError(p, 'Someone')).toBe('ERROR_PASSWORD_LENGTH');
      }),
    );
  });
});

describe('studioPasswordError (TWO-POINT-STUDIOS)', () => {
  it.each([
    ['secret1234'], // no upper case
    ['SECRET1234'], // no lower case
    ['Secret1234567890a'], // 17 characters
    ['Secret1'], // 7 characters
    ['Secret 12345'], // whitespace
    ['Secret\t12345'],
  ])('refuses %j', (password) => {
    expect(studioPasswordError(password)).toBe('ERROR_PASSWORD_STUDIO_RULES');
  });

  it.each(['Secret12', 'Secret1234567890', 'aB345678'])('accepts %j', (password) => {
    expect(studioPasswordError(password)).toBeNull();
  });

  it('accepts exactly the 8–16 passwords with an upper and a lower case letter and no whitespace', () => {
    fc.assert(
      fc.property(fc.string({ unit: charOf(`${ALNUM} !?`), minLength: 0, maxLength: 24 }), (p) => {
        const ok = p.length >= 8 && p.length <= 16 && /[A-Z]/.test(p) && /[a-z]/.test(p) && !/\s/.test(p);
        expect(studioPasswordError(p)).toBe(ok ? null : 'ERROR_PASSWORD_STUDIO_RULES');
      }),
    );
  });
});

describe('emailError', () => {
  const blocked = ['blocked.test'];
  it.each([
    ['', 'ERROR_EMAIL_EMPTY'],
    ['   ', 'ERROR_EMAIL_EMPTY'],
    ['a', 'ERROR_EMAIL_LENGTH'],
    ['not-an-email', 'ERROR_EMAIL_INVALID'],
    ['two@@signs.test', 'ERROR_EMAIL_INVALID'],
    ['space in@players.test', 'ERROR_EMAIL_INVALID'],
    ['a@b', 'ERROR_EMAIL_INCORRECT_FORMAT'],
    ['a..b@players.test', 'ERROR_EMAIL_INCORRECT_FORMAT'],
    ['a@players.123', 'ERROR_EMAIL_INCORRECT_FORMAT'],
    ['a@-players.test', 'ERROR_EMAIL_INCORRECT_FORMAT'],
    ['a@blocked.test', 'ERROR_EMAIL_DOMAIN_UNAUTHORIZED'],
    ['a@BLOCKED.TEST', 'ERROR_EMAIL_DOMAIN_UNAUTHORIZED'],
    ['a@mail.blocked.test', 'ERROR_EMAIL_DOMAIN_UNAUTHORIZED'],
  ])('%j → %s', (email, code) => {
    expect(emailError(email, blocked)).toBe(code);
  });

  it.each(['a@b.co', 'first.last+tag@players.test', 'x@notblocked.test'])('accepts %j', (email) => {
    expect(emailError(email, blocked)).toBeNull();
  });

  it('accepts 255 characters and refuses 256', () => {
    const at255 = `${'a'.repeat(255 - '@players.test'.length)}@players.test`;
    expect(at255).toHaveLength(LIMITS.emailMax);
    expect(emailError(at255, blocked)).toBeNull();
    expect(emailError(`a${at255}`, blocked)).toBe('ERROR_EMAIL_LENGTH');
  });

  it('accepts plain dot-atom addresses on a lettered top-level domain', () => {
    const label = stringOf(ALNUM, 1, 20);
    fc.assert(
      fc.property(
        fc.array(stringOf(`${ALNUM}!#$%&'*+/=?^_\`{|}~-`, 1, 15), { minLength: 1, maxLength: 3 }),
        fc.array(label, { minLength: 1, maxLength: 3 }),
        stringOf(LETTERS, 2, 10),
        (local, domain, tld) => {
          const email = `${local.join('.')}@${domain.join('.')}.${tld}`;
          expect(emailError(email, blocked)).toBeNull();
        },
      ),
    );
  });

  it('refuses any address on an unauthorised domain or its sub-domains', () => {
    fc.assert(
      fc.property(
        stringOf(ALNUM, 1, 20),
        fc.array(stringOf(ALNUM, 1, 10), { maxLength: 2 }),
        (local, subs) => {
          const host = [...subs, 'blocked', 'test'].join('.');
          expect(emailError(`${local}@${host}`, blocked)).toBe('ERROR_EMAIL_DOMAIN_UNAUTHORIZED');
        },
      ),
    );
  });

  it('never accepts a string without exactly one @', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (s) => {
        fc.pre((s.match(/@/g) ?? []).length !== 1);
        expect(emailError(s, [])).not.toBeNull();
      }),
    );
  });
});

describe('dateOfBirthError (TWO-POINT-STUDIOS)', () => {
  const today = new Date(Date.UTC(2025, 5, 15)); // 2025-06-15

  it.each([
    ['', 'ERROR_DATE_OF_BIRTH_INVALID'],
    ['15/06/2000', 'ERROR_DATE_OF_BIRTH_INVALID'],
    ['2000-6-15', 'ERROR_DATE_OF_BIRTH_INVALID'],
    ['20000615', 'ERROR_DATE_OF_BIRTH_INVALID'],
    ['2000-13-01', 'ERROR_DATE_OF_BIRTH_INVALID'],
    ['2000-00-10', 'ERROR_DATE_OF_BIRTH_INVALID'],
    ['2000-01-32', 'ERROR_DATE_OF_BIRTH_INVALID'],
    ['2000-01-00', 'ERROR_DATE_OF_BIRTH_INVALID'],
    ['1899-12-31', 'ERROR_DATE_OF_BIRTH_INVALID'],
    ['2026-01-01', 'ERROR_DATE_OF_BIRTH_INVALID'],
    ['2023-02-30', 'ERROR_DATE_OF_BIRTH_INVALID'],
    ['2001-02-29', 'ERROR_DATE_OF_BIRTH_INVALID'],
    ['2000-04-31', 'ERROR_DATE_OF_BIRTH_INVALID'],
    ['2012-06-16', 'ERROR_DATE_OF_BIRTH_AGE'], // 13 tomorrow
    ['2013-01-01', 'ERROR_DATE_OF_BIRTH_AGE'], // 12 years old
    ['2025-06-15', 'ERROR_DATE_OF_BIRTH_AGE'], // born today
  ])('%j on 2025-06-15 → %s', (value, code) => {
    expect(dateOfBirthError(value, today)).toBe(code);
  });

  it.each(['1900-01-01', '2012-06-15', '2000-02-29', '1985-12-31'])('accepts %j on 2025-06-15', (value) => {
    expect(dateOfBirthError(value, today)).toBeNull();
  });

  const iso = (d: Date) => d.toISOString().slice(0, 10);
  const DAY = 86_400_000;

  it('accepts every real date from 1900-01-01 up to the 13th birthday, refuses every later one', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date(Date.UTC(1960, 0, 1)),
          max: new Date(Date.UTC(2030, 11, 31)),
          noInvalidDate: true,
        }),
        fc.integer({ min: 0, max: 120 * 366 }),
        (now, daysBack) => {
          const todayUtc = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
          const born = new Date(todayUtc.getTime() - daysBack * DAY);
          fc.pre(born.getUTCFullYear() >= 1900);
          const thirteenth = new Date(
            Date.UTC(born.getUTCFullYear() + 13, born.getUTCMonth(), born.getUTCDate()),
          );
          const expected = thirteenth.getTime() <= todayUtc.getTime() ? null : 'ERROR_DATE_OF_BIRTH_AGE';
          expect(dateOfBirthError(iso(born), todayUtc)).toBe(expected);
        },
      ),
    );
  });

  it('refuses every date before 1900', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date(Date.UTC(1000, 0, 1)),
          max: new Date(Date.UTC(1899, 11, 31)),
          noInvalidDate: true,
        }),
        (d) => dateOfBirthError(iso(d), today) === 'ERROR_DATE_OF_BIRTH_INVALID',
      ),
    );
  });

  it('refuses every day that does not exist in its month', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1900, max: 2010 }), fc.integer({ min: 1, max: 12 }), (year, month) => {
        const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
        fc.pre(last < 31);
        const value = `${year}-${String(month).padStart(2, '0')}-${String(last + 1).padStart(2, '0')}`;
        expect(dateOfBirthError(value, today)).toBe('ERROR_DATE_OF_BIRTH_INVALID');
      }),
    );
  });
});

describe('newPasswordError', () => {
  it('asks for a password first, everywhere', () => {
    expect(newPasswordError('', 'Player1', false)).toBe('ERROR_PASSWORD_EMPTY');
    expect(newPasswordError('', 'Player1', true)).toBe('ERROR_PASSWORD_EMPTY');
  });
  it('gives the studio rule before the general bounds with studio rules (its message names 8–16)', () => {
    expect(newPasswordError('short', 'Player1', true)).toBe('ERROR_PASSWORD_STUDIO_RULES');
    expect(newPasswordError('short', 'Player1', false)).toBe('ERROR_PASSWORD_LENGTH');
    expect(newPasswordError('Abcdefghij12345678', 'Player1', true)).toBe('ERROR_PASSWORD_STUDIO_RULES');
    expect(newPasswordError('Abcdefghij12345678', 'Player1', false)).toBeNull();
  });
  it('applies the general rules after the studio rule', () => {
    expect(newPasswordError('Secretpass', 'Player1', true)).toBe('ERROR_PASSWORD_NUMBERS');
    expect(newPasswordError('xPlayer1xAb', 'Player1', true)).toBe('ERROR_PASSWORD_USERNAME');
    expect(newPasswordError('Secret1234', 'Player1', true)).toBeNull();
  });
  it('skips the username rule when the username is unknown', () => {
    expect(newPasswordError('player1abc', '', false)).toBeNull();
  });
});

describe('newPasswordItems', () => {
  it('splits the rule onto Password and a mismatch onto ConfirmPassword', () => {
    expect(newPasswordItems(false, 'Player1', 'short', 'other')).toEqual([
      { Property: 'Password', ErrorMessage: 'ERROR_PASSWORD_LENGTH' },
      { Property: 'ConfirmPassword', ErrorMessage: 'ERROR_CONFIRM_PASSWORD_INVALID' },
    ]);
    expect(newPasswordItems(true, 'Player1', 'Secret1234', 'Secret1234')).toEqual([]);
  });
});

describe('registerFormErrors', () => {
  const form = (overrides: Partial<RegisterRuleValues> = {}): RegisterRuleValues => ({
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
    ...overrides,
  });
  const today = new Date(Date.UTC(2025, 0, 1));

  it('passes a valid form with and without the studio rules', () => {
    expect(registerFormErrors(form(), { studioRules: false })).toEqual([]);
    expect(registerFormErrors(form(), { studioRules: true, today })).toEqual([]);
  });

  it('names the required fields with the spec messages, in form order', () => {
    const empty = form({
      Username: '',
      Firstname: '',
      Lastname: '',
      DateOfBirth: '',
      Password: '',
      ConfirmPassword: '',
      Email: '',
      ConfirmEmail: '',
      ApprovePrivacyPolicy: false,
      ApproveEULA: false,
      ApproveCodeOfConduct: false,
    });
    expect(registerFormErrors(empty, { studioRules: true, today })).toEqual([
      { Property: 'Username', ErrorMessage: 'ERROR_USERNAME_LENGTH' },
      { Property: 'Firstname', ErrorMessage: 'ERROR_FIRSTNAME_EMPTY' },
      { Property: 'Lastname', ErrorMessage: 'ERROR_LASTNAME_EMPTY' },
      { Property: 'DateOfBirth', ErrorMessage: 'ERROR_DATE_OF_BIRTH_INVALID' },
      { Property: 'Password', ErrorMessage: 'ERROR_PASSWORD_EMPTY' },
      { Property: 'Email', ErrorMessage: 'ERROR_EMAIL_EMPTY' },
      { Property: 'ApprovePrivacyPolicy', ErrorMessage: 'ERROR_APPROVE_PRIVACY_POLICY' },
      { Property: 'ApproveEULA', ErrorMessage: 'ERROR_APPROVE_EULA' },
      { Property: 'ApproveCodeOfConduct', ErrorMessage: 'ERROR_APPROVE_CODE_OF_CONDUCT' },
    ]);
  });

  it('checks the unauthorised domains only when given (the server knows them)', () => {
    const values = form({ Email: 'p@blocked.test', ConfirmEmail: 'p@blocked.test' });
    expect(registerFormErrors(values, { studioRules: false })).toEqual([]);
    expect(registerFormErrors(values, { studioRules: false, unauthorizedDomains: ['blocked.test'] })).toEqual(
      [{ Property: 'Email', ErrorMessage: 'ERROR_EMAIL_DOMAIN_UNAUTHORIZED' }],
    );
  });
});
