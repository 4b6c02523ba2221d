/**
 * POST register/new-user (spec §4 Register, §5 rules, §7, §8 codes; DESIGN.md §4–§5): success with the
 * verification e-mail over real SMTP, every validation code on its Property, the bot traps, the
 * too-fast rule, the TWO-POINT-STUDIOS fields, and concurrent registrations of one name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../lib/password.ts';
import { sha256 } from '../../lib/crypto.ts';
import {
  STORES,
  json,
  linkIn,
  registerForm,
  startTestApp,
  waitForMail,
  type TestApp,
} from '../../test/harness.ts';
import {
  countRows,
  createPlayer,
  expectErrors,
  expectNoMail,
  postLogin,
  postRegister,
  type ExpectedItems,
} from '../../test/helpers.ts';

const BLOCKED_DOMAINS = 'blocked.test,forbidden.example';

/** A valid local form for `name` with `overrides`. */
function form(name: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return registerForm(name, overrides);
}

const email256 = `${'a'.repeat(256 - '@players.test'.length)}@players.test`;

/** [case, form overrides, expected items] — each one failing rule of the local environment. */
const LOCAL_CASES: ReadonlyArray<readonly [string, Record<string, unknown>, ExpectedItems]> = [
  ['username of 1 character', { Username: 'a' }, [['Username', 'ERROR_USERNAME_LENGTH']]],
  ['username of 26 characters', { Username: 'a'.repeat(26) }, [['Username', 'ERROR_USERNAME_LENGTH']]],
  ['empty username', { Username: '' }, [['Username', 'ERROR_USERNAME_LENGTH']]],
  ['username with a space', { Username: 'bad name' }, [['Username', 'ERROR_USERNAME_PATTERN']]],
  ['username with an underscore', { Username: 'ab_c' }, [['Username', 'ERROR_USERNAME_PATTERN']]],
  ['username of digits only', { Username: '12345' }, [['Username', 'ERROR_USERNAME_LETTERS']]],
  ['username that is an e-mail', { Username: 'a@b.com' }, [['Username', 'ERROR_USERNAME_EMAIL']]],
  [
    'password of 7 characters',
    { Password: 'Abc1234', ConfirmPassword: 'Abc1234' },
    [['Password', 'ERROR_PASSWORD_LENGTH']],
  ],
  [
    'password of 51 characters',
    { Password: `${'a1'.repeat(25)}b`, ConfirmPassword: `${'a1'.repeat(25)}b` },
    [['Password', 'ERROR_PASSWORD_LENGTH']],
  ],
  [
    'password without a letter',
    { Password: '12345678', ConfirmPassword: '12345678' },
    [['Password', 'ERROR_PASSWORD_LETTERS']],
  ],
  [
    'password without a number',
    { Password: 'abcdefgh', ConfirmPassword: 'abcdefgh' },
    [['Password', 'ERROR_PASSWORD_NUMBERS']],
  ],
  [
    'password containing the username',
    { Username: 'Mallory7', Password: 'xxMALLORY7xx', ConfirmPassword: 'xxMALLORY7xx' },
    [['Password', 'ERROR_PASSWORD_USERNAME']],
  ],
  ['empty password', { Password: '', ConfirmPassword: '' }, [['Password', 'ERROR_PASSWORD_EMPTY']]],
  [
    'password confirmation that differs',
    { ConfirmPassword: 'Secret1234pasS' },
    [['ConfirmPassword', 'ERROR_CONFIRM_PASSWORD_INVALID']],
  ],
  ['empty first name', { Firstname: '' }, [['Firstname', 'ERROR_FIRSTNAME_EMPTY']]],
  ['blank first name', { Firstname: '   ' }, [['Firstname', 'ERROR_FIRSTNAME_EMPTY']]],
  ['empty e-mail', { Email: '', ConfirmEmail: '' }, [['Email', 'ERROR_EMAIL_EMPTY']]],
  [
    'e-mail over 255 characters',
    { Email: email256, ConfirmEmail: email256 },
    [['Email', 'ERROR_EMAIL_LENGTH']],
  ],
  [
    'e-mail without @',
    { Email: 'not-an-email', ConfirmEmail: 'not-an-email' },
    [['Email', 'ERROR_EMAIL_INVALID']],
  ],
  [
    'e-mail without a top-level domain',
    { Email: 'someone@localhost', ConfirmEmail: 'someone@localhost' },
    [['Email', 'ERROR_EMAIL_INCORRECT_FORMAT']],
  ],
  [
    'e-mail on an unauthorised domain',
    { Email: 'someone@blocked.test', ConfirmEmail: 'someone@blocked.test' },
    [['Email', 'ERROR_EMAIL_DOMAIN_UNAUTHORIZED']],
  ],
  [
    'e-mail on a sub-domain of an unauthorised domain',
    { Email: 'someone@mail.Forbidden.example', ConfirmEmail: 'someone@mail.Forbidden.example' },
    [['Email', 'ERROR_EMAIL_DOMAIN_UNAUTHORIZED']],
  ],
  [
    'disposable e-mail address',
    { Email: 'someone@mailinator.com', ConfirmEmail: 'someone@mailinator.com' },
    [['Email', 'ERROR_EMAIL_DISPOSABLE_ADDRESS']],
  ],
  [
    'e-mail confirmation that differs',
    { ConfirmEmail: 'someone.else@players.test' },
    [['ConfirmEmail', 'ERROR_CONFIRM_EMAIL_INVALID']],
  ],
  [
    'privacy policy not accepted',
    { ApprovePrivacyPolicy: false },
    [['ApprovePrivacyPolicy', 'ERROR_APPROVE_PRIVACY_POLICY']],
  ],
  [
    'privacy policy missing',
    { ApprovePrivacyPolicy: undefined },
    [['ApprovePrivacyPolicy', 'ERROR_APPROVE_PRIVACY_POLICY']],
  ],
  ['terms not accepted', { ApproveEULA: false }, [['ApproveEULA', 'ERROR_APPROVE_EULA']]],
  ['unknown referrer', { Referrer: 'NobodyByThatName' }, [['Referrer', 'ERROR_USER_REFERRER_NOTEXISTS']]],
  ['filled honeypot', { UsageNameHoneyPot: 'I am a bot' }, [['', 'ERROR_REGISTER_INVALID']]],
  ['ticked hidden checkbox', { Additional: true }, [['', 'ERROR_REGISTER_INVALID']]],
  ['form without a form token', { FormToken: null, TimeOnPageMs: 20_000 }, [['', 'ERROR_TOO_FAST']]],
  ['form whose token is not ours', { FormToken: 'a.forged.token' }, [['', 'ERROR_TOO_FAST']]],
];

describe.each(STORES)('POST register/new-user on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { env: { EMAIL_UNAUTHORIZED_DOMAINS: BLOCKED_DOMAINS } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates an unconfirmed player, hashes the password with argon2id and mails a link built from PUBLIC_URL', async () => {
    const f = form('NewPlayer1');
    // The Host header must not leak into the e-mailed link (DESIGN.md §5).
    const res = await postRegister(t, f, { host: 'evil.example' });
    expect(res.statusCode).toBe(201);
    expect(json(res)).toEqual({ Success: true });

    const user = await t.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('username_normalized', '=', 'newplayer1')
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      username: 'NewPlayer1',
      email: 'newplayer1@players.test',
      firstname: 'Ada',
      email_confirmed_at: null,
      banned_at: null,
      auth_type: 1,
    });
    expect(user.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user.password_hash).not.toContain(f.Password as string);
    expect(await verifyPassword(user.password_hash!, f.Password as string)).toBe(true);

    const mail = await waitForMail(t, 'newplayer1@players.test');
    expect(mail.text).not.toContain('evil.example');
    expect(mail.html).not.toContain('evil.example');
    const link = linkIn(mail.text, 'http://portal.test/confirm-email?uid=');
    const uid = new URL(link).searchParams.get('uid')!;
    expect(uid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.html).toContain(link.replace(/&/g, '&amp;'));

    // The store keeps only the SHA-256 of the link token.
    const tokens = await t.ctx.db
      .selectFrom('email_tokens')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(tokens).toHaveLength(1);
    expect(tokens[0]).toMatchObject({ purpose: 'register', token_hash: sha256(uid), used_at: null });

    // Unconfirmed: the right password gets ERROR_USER_CONFIRMED.
    expectErrors(await postLogin(t, 'NewPlayer1', f.Password), 400, [['', 'ERROR_USER_CONFIRMED']]);
  });

  it.each(LOCAL_CASES)('refuses a %s', async (_case, overrides, items) => {
    const usersBefore = await countRows(t, 'users');
    const tokensBefore = await countRows(t, 'email_tokens');
    expectErrors(await postRegister(t, form('RefusedPlayer', overrides)), 400, items);
    expect(await countRows(t, 'users')).toBe(usersBefore);
    expect(await countRows(t, 'email_tokens')).toBe(tokensBefore);
  });

  it('sends no e-mail for a refused registration (bot trap)', async () => {
    const sentinel = await createPlayer(t, 'SentinelReg', { confirmed: false });
    const f = form('TrappedBot', { Additional: true });
    expectErrors(await postRegister(t, f), 400, [['', 'ERROR_REGISTER_INVALID']]);
    await expectNoMail(t, f.Email as string, sentinel.email);
  });

  it("refuses a form without the page's token as too fast, whatever time on the page it claims", async () => {
    // A bot posting straight to the API skips the page, so it has no token (form-token.test.ts: the 15 s).
    for (const FormToken of [undefined, null, '']) {
      const f = form('NoTiming1', { FormToken, TimeOnPageMs: 15_000 });
      expectErrors(await postRegister(t, f), 400, [['', 'ERROR_TOO_FAST']]);
    }
    expect(
      await t.ctx.db.selectFrom('users').select('id').where('username', '=', 'NoTiming1').executeTakeFirst(),
    ).toBeUndefined();
  });

  it('refuses a username that exists in another case', async () => {
    await createPlayer(t, 'TakenName', { confirmed: false });
    const res = await postRegister(
      t,
      form('tAKENname', { Email: 'other.taken@players.test', ConfirmEmail: 'other.taken@players.test' }),
    );
    expectErrors(res, 400, [['Username', 'ERROR_USERNAME_EXIST']]);
  });

  it('refuses an e-mail that exists in another case', async () => {
    await createPlayer(t, 'MailOwner', { confirmed: false });
    const res = await postRegister(
      t,
      form('MailThief', { Email: 'MAILOWNER@Players.Test', ConfirmEmail: 'MAILOWNER@Players.Test' }),
    );
    expectErrors(res, 400, [['Email', 'ERROR_EMAIL_EXIST']]);
  });

  it('stores an existing referrer, matched without case', async () => {
    const referrer = await createPlayer(t, 'ReferrerOne', { confirmed: false });
    expect((await postRegister(t, form('Referred1', { Referrer: 'REFERRERONE' }))).statusCode).toBe(201);
    const row = await t.ctx.db
      .selectFrom('users')
      .select('referrer_user_id')
      .where('username_normalized', '=', 'referred1')
      .executeTakeFirstOrThrow();
    expect(row.referrer_user_id).toBe(referrer.id);
  });

  it('does not require the TWO-POINT-STUDIOS fields outside that environment', async () => {
    const res = await postRegister(
      t,
      form('LocalPlayer1', { Password: 'lowercase123', ConfirmPassword: 'lowercase123' }),
    );
    expect(res.statusCode).toBe(201);
  });

  it('reports several failing fields together, one item per property, in form order', async () => {
    const res = await postRegister(
      t,
      form('Several', {
        Username: 'a',
        Firstname: '',
        Password: 'short',
        ConfirmPassword: 'different',
        Email: 'bad',
        ConfirmEmail: 'bad2',
        ApprovePrivacyPolicy: false,
        ApproveEULA: false,
      }),
    );
    expectErrors(res, 400, [
      ['Username', 'ERROR_USERNAME_LENGTH'],
      ['Firstname', 'ERROR_FIRSTNAME_EMPTY'],
      ['Password', 'ERROR_PASSWORD_LENGTH'],
      ['ConfirmPassword', 'ERROR_CONFIRM_PASSWORD_INVALID'],
      ['Email', 'ERROR_EMAIL_INVALID'],
      ['ConfirmEmail', 'ERROR_CONFIRM_EMAIL_INVALID'],
      ['ApprovePrivacyPolicy', 'ERROR_APPROVE_PRIVACY_POLICY'],
      ['ApproveEULA', 'ERROR_APPROVE_EULA'],
    ]);
  });

  it('reports a taken username together with the failing rules of other fields', async () => {
    await createPlayer(t, 'TakenTwice', { confirmed: false });
    const res = await postRegister(t, form('TakenTwice', { Email: 'bad', ConfirmEmail: 'bad' }));
    expectErrors(res, 400, [
      ['Email', 'ERROR_EMAIL_INVALID'],
      ['Username', 'ERROR_USERNAME_EXIST'],
    ]);
  });

  it('lets exactly one of five concurrent registrations of one username through', async () => {
    const forms = [0, 1, 2, 3, 4].map((i) =>
      form(i % 2 ? 'racename' : 'RaceName', {
        Email: `race${i}@players.test`,
        ConfirmEmail: `race${i}@players.test`,
      }),
    );
    const answers = await Promise.all(forms.map((f) => postRegister(t, f)));
    const created = answers.filter((r) => r.statusCode === 201);
    const refused = answers.filter((r) => r.statusCode !== 201);
    expect(created).toHaveLength(1);
    expect(refused).toHaveLength(4);
    for (const r of refused) expectErrors(r, 400, [['Username', 'ERROR_USERNAME_EXIST']]);
    const rows = await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('username_normalized', '=', 'racename')
      .execute();
    expect(rows).toHaveLength(1);
    const links = await t.ctx.db
      .selectFrom('email_tokens')
      .select('id')
      .where('user_id', '=', rows[0].id)
      .execute();
    expect(links).toHaveLength(1);
  });

  it('lets exactly one of five concurrent registrations of one e-mail address through', async () => {
    const forms = [0, 1, 2, 3, 4].map((i) =>
      form(`MailRace${i}`, { Email: 'Mail.Race@players.test', ConfirmEmail: 'Mail.Race@players.test' }),
    );
    const answers = await Promise.all(forms.map((f) => postRegister(t, f)));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    for (const r of answers.filter((a) => a.statusCode !== 201))
      expectErrors(r, 400, [['Email', 'ERROR_EMAIL_EXIST']]);
    const rows = await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('email_normalized', '=', 'mail.race@players.test')
      .execute();
    expect(rows).toHaveLength(1);
  });
});

/** 12 years old today (UTC). */
function twelveYearsAgo(): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear() - 12, now.getUTCMonth(), now.getUTCDate()))
    .toISOString()
    .slice(0, 10);
}

/** A valid TWO-POINT-STUDIOS form. */
function studioForm(name: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return registerForm(name, {
    Lastname: 'Lovelace',
    DateOfBirth: '1990-05-17',
    ApproveCodeOfConduct: true,
    // Passes the studio rule (8–16, upper and lower case) and is not a common password (issue 22 §9).
    Password: 'Velvet7Comet',
    ConfirmPassword: 'Velvet7Comet',
    ...overrides,
  });
}

const STUDIO_CASES: ReadonlyArray<readonly [string, Record<string, unknown>, ExpectedItems]> = [
  ['empty last name', { Lastname: '' }, [['Lastname', 'ERROR_LASTNAME_EMPTY']]],
  ['missing last name', { Lastname: undefined }, [['Lastname', 'ERROR_LASTNAME_EMPTY']]],
  [
    'date of birth in another format',
    { DateOfBirth: '17/05/1990' },
    [['DateOfBirth', 'ERROR_DATE_OF_BIRTH_INVALID']],
  ],
  [
    'date of birth in month 13',
    { DateOfBirth: '1990-13-01' },
    [['DateOfBirth', 'ERROR_DATE_OF_BIRTH_INVALID']],
  ],
  ['date of birth in 1899', { DateOfBirth: '1899-05-05' }, [['DateOfBirth', 'ERROR_DATE_OF_BIRTH_INVALID']]],
  [
    'date of birth 2023-02-30',
    { DateOfBirth: '2023-02-30' },
    [['DateOfBirth', 'ERROR_DATE_OF_BIRTH_INVALID']],
  ],
  ['missing date of birth', { DateOfBirth: undefined }, [['DateOfBirth', 'ERROR_DATE_OF_BIRTH_INVALID']]],
  ['player of 12 years', { DateOfBirth: twelveYearsAgo() }, [['DateOfBirth', 'ERROR_DATE_OF_BIRTH_AGE']]],
  [
    'password without upper case',
    { Password: 'secret1234', ConfirmPassword: 'secret1234' },
    [['Password', 'ERROR_PASSWORD_STUDIO_RULES']],
  ],
  [
    'password of 17 characters',
    { Password: 'Secret1234567890a', ConfirmPassword: 'Secret1234567890a' },
    [['Password', 'ERROR_PASSWORD_STUDIO_RULES']],
  ],
  [
    'password with whitespace',
    { Password: 'Secret 12345', ConfirmPassword: 'Secret 12345' },
    [['Password', 'ERROR_PASSWORD_STUDIO_RULES']],
  ],
  [
    'password breaking a general rule first',
    { Password: 'Secretpass', ConfirmPassword: 'Secretpass' },
    [['Password', 'ERROR_PASSWORD_NUMBERS']],
  ],
  [
    'code of conduct not accepted',
    { ApproveCodeOfConduct: false },
    [['ApproveCodeOfConduct', 'ERROR_APPROVE_CODE_OF_CONDUCT']],
  ],
];

describe.each(STORES)('POST register/new-user in TWO-POINT-STUDIOS on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { env: { PORTAL_ENVIRONMENT: 'TWO-POINT-STUDIOS' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(STUDIO_CASES)('refuses a %s', async (_case, overrides, items) => {
    const before = await countRows(t, 'users');
    expectErrors(await postRegister(t, studioForm('StudioRefused', overrides)), 400, items);
    expect(await countRows(t, 'users')).toBe(before);
  });

  it('reports every missing studio field together', async () => {
    const res = await postRegister(
      t,
      studioForm('StudioMissing', {
        Lastname: null,
        DateOfBirth: null,
        ApproveCodeOfConduct: false,
        Password: 'secret1234',
        ConfirmPassword: 'secret1234',
      }),
    );
    expectErrors(res, 400, [
      ['Lastname', 'ERROR_LASTNAME_EMPTY'],
      ['DateOfBirth', 'ERROR_DATE_OF_BIRTH_INVALID'],
      ['Password', 'ERROR_PASSWORD_STUDIO_RULES'],
      ['ApproveCodeOfConduct', 'ERROR_APPROVE_CODE_OF_CONDUCT'],
    ]);
  });

  it('registers a valid studio player and mails a /register/validate?verificationCode= link', async () => {
    const f = studioForm('StudioPlayer1');
    const res = await postRegister(t, f);
    expect(res.statusCode).toBe(201);
    expect(json(res)).toEqual({ Success: true });
    const user = await t.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('username_normalized', '=', 'studioplayer1')
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      lastname: 'Lovelace',
      date_of_birth: '1990-05-17',
      email_confirmed_at: null,
    });
    const mail = await waitForMail(t, f.Email as string);
    const link = linkIn(mail.text, 'http://portal.test/register/validate?verificationCode=');
    const code = new URL(link).searchParams.get('verificationCode')!;
    expect(
      await t.ctx.db.selectFrom('email_tokens').select('id').where('token_hash', '=', sha256(code)).execute(),
    ).toHaveLength(1);
    expect(mail.text).not.toContain('/confirm-email?uid=');
  });

  it('accepts a player who turned 13 today', async () => {
    const now = new Date();
    // On 29 February the date 13 years back does not exist: nothing to check that day.
    if (now.getUTCMonth() === 1 && now.getUTCDate() === 29) return;
    const born = new Date(Date.UTC(now.getUTCFullYear() - 13, now.getUTCMonth(), now.getUTCDate()))
      .toISOString()
      .slice(0, 10);
    expect((await postRegister(t, studioForm('JustThirteen', { DateOfBirth: born }))).statusCode).toBe(201);
  });

  it('exempts CREATIVE-ASSEMBLY only from the too-fast rule (here it applies)', async () => {
    expectErrors(await postRegister(t, studioForm('StudioFast', { FormToken: null })), 400, [
      ['', 'ERROR_TOO_FAST'],
    ]);
  });
});

describe.each(STORES)('POST register/new-user in CREATIVE-ASSEMBLY on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { env: { PORTAL_ENVIRONMENT: 'CREATIVE-ASSEMBLY' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('does not apply the too-fast rule', async () => {
    const res = await postRegister(t, form('FastPartner1', { FormToken: null, TimeOnPageMs: 1000 }));
    expect(res.statusCode, res.body).toBe(201);
  });
});
