/**
 * Common and breached passwords refused (issue 22 §9; flag breachedPasswordCheck; accounts
 * common-password.ts): on each path that sets a password — POST register/new-user, POST
 * password/password-recovery-validation, POST password/password-reset — a common password is refused
 * with ERROR_PASSWORD_COMMON on Password (the §8 shape), a strong one is accepted, and with the flag off
 * the common password is accepted as before. On SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMOUS, STORES, asUser, linkIn, registerForm, startTestApp, type TestApp } from './harness.ts';
import { createPlayer, expectErrors, postRegister, sessionOf, waitForMailCount } from './helpers.ts';

/** Passes the store-free rules (8–50, a letter, a number) but is in the common-password dictionary. */
const COMMON = 'Qwerty123';
/** A long random-looking password nothing in the dictionaries explains. */
const STRONG = 'Vq7-moss-Turbine-42';

/** Asks for a recovery link for `email` and returns its token (the `count`th mail to that address). */
async function recoveryToken(t: TestApp, email: string, count: number): Promise<string> {
  const ask = await t.app.inject({
    method: 'POST',
    url: '/api/password/password-recovery',
    headers: ANONYMOUS,
    payload: { Email: email },
  });
  expect(ask.statusCode, ask.body).toBe(200);
  const [mail] = await waitForMailCount(t, email, count);
  const link = linkIn(mail.text, `${t.config.publicUrl}/password-recovery/reset?token=`);
  return new URL(link).searchParams.get('token')!;
}

function recover(t: TestApp, token: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/password/password-recovery-validation',
    headers: ANONYMOUS,
    payload: { Token: token, Password: password, Confirm: password },
  });
}

function change(t: TestApp, accessToken: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/password/password-reset',
    headers: asUser(accessToken),
    payload: { OldPassword: null, Password: password, ConfirmPassword: password },
  });
}

describe.each(STORES)('common passwords with the flag on, on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it("registration refuses a common password, or one made of the player's address, and accepts a strong one", async () => {
    expectErrors(
      await postRegister(t, registerForm('Commoner', { Password: COMMON, ConfirmPassword: COMMON })),
      400,
      [['Password', 'ERROR_PASSWORD_COMMON']],
    );
    // Leetspeak, a year or a symbol do not hide it; neither does a word of the player's own address.
    const email = { Email: 'ada.lovelace@players.test', ConfirmEmail: 'ada.lovelace@players.test' };
    for (const password of ['P@ssw0rd2024', 'Summer2024!', 'Lovelace1815']) {
      expectErrors(
        await postRegister(
          t,
          registerForm('Commoner', { ...email, Password: password, ConfirmPassword: password }),
        ),
        400,
        [['Password', 'ERROR_PASSWORD_COMMON']],
      );
    }
    // The other fields' errors come with it, each on its property.
    expectErrors(
      await postRegister(
        t,
        registerForm('Commoner', {
          Password: COMMON,
          ConfirmPassword: COMMON,
          ConfirmEmail: 'x@players.test',
        }),
      ),
      400,
      [
        ['ConfirmEmail', 'ERROR_CONFIRM_EMAIL_INVALID'],
        ['Password', 'ERROR_PASSWORD_COMMON'],
      ],
    );
    const ok = await postRegister(t, registerForm('Commoner', { Password: STRONG, ConfirmPassword: STRONG }));
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('password recovery refuses a common password and leaves the link usable for a strong one', async () => {
    const email = 'lovelace.ada@players.test';
    const player = await createPlayer(t, 'Recoverer', { form: { Email: email, ConfirmEmail: email } });
    const token = await recoveryToken(t, player.email, 2);
    expectErrors(await recover(t, token, COMMON), 400, [['Password', 'ERROR_PASSWORD_COMMON']]);
    // The player's e-mail address as a user input: a word of it with a year is refused.
    expectErrors(await recover(t, token, 'Lovelace1815'), 400, [['Password', 'ERROR_PASSWORD_COMMON']]);
    const ok = await recover(t, token, STRONG);
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('the account password change refuses a common password and accepts a strong one', async () => {
    const player = await createPlayer(t, 'Changer');
    const { token } = await sessionOf(t, player);
    expectErrors(await change(t, token.Value, 'Password1'), 400, [['Password', 'ERROR_PASSWORD_COMMON']]);
    // A mismatch is reported with it, as the §8 groups say.
    const mismatch = await t.app.inject({
      method: 'POST',
      url: '/api/password/password-reset',
      headers: asUser(token.Value),
      payload: { OldPassword: null, Password: COMMON, ConfirmPassword: 'Other1234' },
    });
    expectErrors(mismatch, 400, [
      ['Password', 'ERROR_PASSWORD_COMMON'],
      ['ConfirmPassword', 'ERROR_CONFIRM_PASSWORD_INVALID'],
    ]);
    const ok = await change(t, token.Value, STRONG);
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe.each(STORES)('common passwords with the flag off, on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(kind, { env: { FEATURE_BREACHED_PASSWORD_CHECK: '0' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('registration, recovery and the password change accept a common password as before', async () => {
    const reg = await postRegister(
      t,
      registerForm('Oldtimer', { Password: COMMON, ConfirmPassword: COMMON }),
    );
    expect(reg.statusCode, reg.body).toBe(201);

    const player = await createPlayer(t, 'Unflagged');
    const token = await recoveryToken(t, player.email, 2);
    const recovered = await recover(t, token, 'Password1');
    expect(recovered.statusCode, recovered.body).toBe(200);

    const { token: access } = await sessionOf(t, { ...player, password: 'Password1' });
    const changed = await change(t, access.Value, COMMON);
    expect(changed.statusCode, changed.body).toBe(200);
  });
});
