/**
 * E-mail confirmation (spec §4 Register, §5 "Confirm email needs uid", "Verify page", §7 email/confirm,
 * register/verify, email/send-confirmation-email; DESIGN.md §5 single-use links and the redirect
 * allow-list): good, used, unknown, expired and missing links; the redirect carried through
 * registration; re-sending without revealing which addresses exist.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_RESENDS_PER_HOUR } from './confirm.ts';
import {
  ANONYMOUS,
  STORES,
  json,
  registerForm,
  startTestApp,
  waitForMail,
  type TestApp,
} from '../../test/harness.ts';
import {
  confirmUidFromMail,
  createPlayer,
  expectErrors,
  expectNoMail,
  linkParamFromMail,
  postConfirm,
  postLogin,
  postRegister,
  waitForMailCount,
} from '../../test/helpers.ts';

const PARTNER_PATTERN = 'http://localhost:8090/partner/';

function resend(t: TestApp, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/email/send-confirmation-email',
    headers: ANONYMOUS,
    payload: payload as object,
  });
}

/** Sets every link of `email`'s owner to have expired a minute ago. */
async function expireLinksOf(t: TestApp, email: string): Promise<void> {
  const user = await t.ctx.db
    .selectFrom('users')
    .select('id')
    .where('email_normalized', '=', email.toLowerCase())
    .executeTakeFirstOrThrow();
  await t.ctx.db
    .updateTable('email_tokens')
    .set({ expires_at: new Date(Date.now() - 60_000).toISOString() })
    .where('user_id', '=', user.id)
    .execute();
}

describe.each(STORES)('POST email/confirm on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { env: { REDIRECT_PATTERNS: PARTNER_PATTERN } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('confirms with a good link, after which log-in works', async () => {
    const player = await createPlayer(t, 'ConfirmGood', { confirmed: false });
    expectErrors(await postLogin(t, player.username, player.password), 400, [['', 'ERROR_USER_CONFIRMED']]);
    const uid = await confirmUidFromMail(t, player.email);
    const res = await postConfirm(t, uid);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ Success: true, RedirectUrl: null });
    const row = await t.ctx.db
      .selectFrom('users')
      .select('email_confirmed_at')
      .where('id', '=', player.id)
      .executeTakeFirstOrThrow();
    expect(row.email_confirmed_at).not.toBeNull();
    const login = await postLogin(t, player.username, player.password);
    expect(login.statusCode).toBe(200);
    expect(json<{ Created: string }>(login).Created).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('refuses a link used before', async () => {
    const player = await createPlayer(t, 'ConfirmTwice', { confirmed: false });
    const uid = await confirmUidFromMail(t, player.email);
    expect((await postConfirm(t, uid)).statusCode).toBe(200);
    expectErrors(await postConfirm(t, uid), 400, [['Uid', 'ERROR_EMAIL_RECOVERY_NOTEXISTS']]);
  });

  it('lets exactly one of two concurrent uses of a link through', async () => {
    const player = await createPlayer(t, 'ConfirmRace', { confirmed: false });
    const uid = await confirmUidFromMail(t, player.email);
    const answers = await Promise.all([postConfirm(t, uid), postConfirm(t, uid)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    expectErrors(
      answers.find((a) => a.statusCode === 400)!,
      400,
      [['Uid', 'ERROR_EMAIL_RECOVERY_NOTEXISTS']],
    );
  });

  it('refuses an unknown link', async () => {
    expectErrors(await postConfirm(t, 'A'.repeat(43)), 400, [['Uid', 'ERROR_EMAIL_RECOVERY_NOTEXISTS']]);
  });

  it('refuses an expired link and leaves the player unconfirmed', async () => {
    const player = await createPlayer(t, 'ConfirmLate', { confirmed: false });
    const uid = await confirmUidFromMail(t, player.email);
    await expireLinksOf(t, player.email);
    expectErrors(await postConfirm(t, uid), 400, [['Uid', 'ERROR_EMAIL_RECOVERY_EXPIRED']]);
    expectErrors(await postLogin(t, player.username, player.password), 400, [['', 'ERROR_USER_CONFIRMED']]);
  });

  it.each([
    ['no Uid', {}],
    ['an empty Uid', { Uid: '' }],
  ])('answers 400 to %s', async (_case, payload) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/email/confirm',
      headers: ANONYMOUS,
      payload,
    });
    expectErrors(res, 400, [['Uid', 'ERROR_EMAIL_RECOVERY_NOTEXISTS']]);
  });

  it('returns an allowed RedirectUrl given at registration', async () => {
    const f = registerForm('RedirectOk', { RedirectUrl: 'http://localhost:8090/partner/x' });
    expect((await postRegister(t, f)).statusCode).toBe(201);
    const res = await postConfirm(t, await confirmUidFromMail(t, f.Email as string));
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ Success: true, RedirectUrl: 'http://localhost:8090/partner/x' });
  });

  it.each([
    'https://evil.example/',
    'http://localhost:8090@evil.example/partner/x',
    'http://localhost:8090/partnerx',
    'http://localhost:8091/partner/x',
    'javascript:alert(1)',
    '//evil.example/partner/x',
  ])('drops the RedirectUrl %j that the allow-list refuses', async (redirectUrl) => {
    const name = `RedirectBad${Math.random().toString(36).slice(2, 10)}`;
    const f = registerForm(name, { RedirectUrl: redirectUrl });
    expect((await postRegister(t, f)).statusCode).toBe(201);
    const res = await postConfirm(t, await confirmUidFromMail(t, f.Email as string));
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ Success: true, RedirectUrl: null });
  });

  it('checks the redirect again at confirmation: a pattern removed since is no longer followed', async () => {
    const f = registerForm('RedirectGone', { RedirectUrl: 'http://gone.example/welcome' });
    await t.ctx.db.insertInto('redirect_patterns').values({ pattern: 'http://gone.example/' }).execute();
    expect((await postRegister(t, f)).statusCode).toBe(201);
    await t.ctx.db.deleteFrom('redirect_patterns').where('pattern', '=', 'http://gone.example/').execute();
    const res = await postConfirm(t, await confirmUidFromMail(t, f.Email as string));
    expect(json(res)).toEqual({ Success: true, RedirectUrl: null });
  });
});

describe.each(STORES)('POST email/send-confirmation-email on %s', (kind) => {
  let t: TestApp;
  let sentinel: string;
  beforeAll(async () => {
    t = await startTestApp(kind, { env: { REDIRECT_PATTERNS: PARTNER_PATTERN } });
    sentinel = (await createPlayer(t, 'ResendSentinel', { confirmed: false })).email;
  });
  afterAll(async () => {
    await t.close();
  });

  it('mails an unconfirmed player a new link that works and replaces the first', async () => {
    const player = await createPlayer(t, 'ResendMe', { confirmed: false });
    const firstUid = await confirmUidFromMail(t, player.email);
    const res = await resend(t, { Email: 'RESENDME@players.test' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ Success: true });
    await waitForMailCount(t, player.email, 2);
    const newUid = await confirmUidFromMail(t, player.email);
    expect(newUid).not.toBe(firstUid);
    // The new link replaces the first one.
    expect(json(await postConfirm(t, firstUid))).toEqual({
      ErrorMessages: [{ Property: 'Uid', ErrorMessage: 'ERROR_EMAIL_RECOVERY_NOTEXISTS' }],
    });
    const confirm = await postConfirm(t, newUid);
    expect(confirm.statusCode).toBe(200);
    expect(json(confirm)).toEqual({ Success: true, RedirectUrl: null });
    expect((await postLogin(t, player.username, player.password)).statusCode).toBe(200);
  });

  it('carries an allowed RedirectUrl into the new link', async () => {
    const player = await createPlayer(t, 'ResendRedirect', { confirmed: false });
    await confirmUidFromMail(t, player.email);
    await expireLinksOf(t, player.email);
    expect(
      (await resend(t, { Email: player.email, RedirectUrl: 'http://localhost:8090/partner/back' }))
        .statusCode,
    ).toBe(200);
    await waitForMailCount(t, player.email, 2);
    const res = await postConfirm(t, await confirmUidFromMail(t, player.email));
    expect(json(res)).toEqual({ Success: true, RedirectUrl: 'http://localhost:8090/partner/back' });
  });

  it('answers an unknown and an already-confirmed address alike, and mails neither', async () => {
    const confirmed = await createPlayer(t, 'AlreadyConfirmed', { confirmed: true });
    const mailsBefore = (await t.mailbox(confirmed.email)).length;
    const unknown = await resend(t, { Email: 'nobody.here@players.test' });
    const known = await resend(t, { Email: confirmed.email });
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(json(unknown)).toEqual({ Success: true });
    expect(known.body).toBe(unknown.body);
    await expectNoMail(t, 'nobody.here@players.test', sentinel);
    expect(await t.mailbox(confirmed.email)).toHaveLength(mailsBefore);
  });

  it('mails one player at most MAX_RESENDS_PER_HOUR times an hour, answering alike afterwards', async () => {
    const player = await createPlayer(t, 'ResendFlood', { confirmed: false });
    await waitForMailCount(t, player.email, 1);
    for (let i = 0; i < MAX_RESENDS_PER_HOUR; i += 1) {
      expect((await resend(t, { Email: player.email })).statusCode).toBe(200);
    }
    await waitForMailCount(t, player.email, 1 + MAX_RESENDS_PER_HOUR);
    const extra = await resend(t, { Email: player.email });
    expect(extra.statusCode).toBe(200);
    expect(json(extra)).toEqual({ Success: true });
    // Flush: once the sentinel's later mail has arrived, nothing more is on its way to the player.
    await expectNoMail(t, 'nobody.flood@players.test', sentinel);
    expect(await t.mailbox(player.email)).toHaveLength(1 + MAX_RESENDS_PER_HOUR);
  });

  it.each([
    ['an empty address', { Email: '' }],
    ['a blank address', { Email: '   ' }],
    ['no address', {}],
  ])('refuses %s with ERROR_EMAIL_EMPTY', async (_case, payload) => {
    expectErrors(await resend(t, payload), 400, [['Email', 'ERROR_EMAIL_EMPTY']]);
  });
});

/** A valid TWO-POINT-STUDIOS form. */
function studioForm(name: string): Record<string, unknown> {
  return registerForm(name, {
    Lastname: 'Lovelace',
    DateOfBirth: '1990-05-17',
    ApproveCodeOfConduct: true,
    // Passes the studio rule (8–16, upper and lower case) and is not a common password (issue 22 §9).
    Password: 'Velvet7Comet',
    ConfirmPassword: 'Velvet7Comet',
  });
}

describe.each(STORES)('POST register/verify (TWO-POINT-STUDIOS) on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { env: { PORTAL_ENVIRONMENT: 'TWO-POINT-STUDIOS' } });
  });
  afterAll(async () => {
    await t.close();
  });

  const verify = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/register/verify', headers: ANONYMOUS, payload });

  async function registerStudio(name: string): Promise<{ form: Record<string, unknown>; code: string }> {
    const f = studioForm(name);
    const res = await postRegister(t, f);
    if (res.statusCode !== 201) throw new Error(res.body);
    const code = await linkParamFromMail(
      t,
      f.Email as string,
      `${t.config.publicUrl}/register/validate?verificationCode=`,
      'verificationCode',
    );
    return { form: f, code };
  }

  it('verifies with a good code, after which log-in works', async () => {
    const { form, code } = await registerStudio('VerifyGood');
    expectErrors(await postLogin(t, form.Username, form.Password), 400, [['', 'ERROR_USER_CONFIRMED']]);
    const res = await verify({ VerificationCode: code });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ Success: true, RedirectUrl: null });
    expect((await postLogin(t, form.Username, form.Password)).statusCode).toBe(200);
  });

  it('refuses a code used before', async () => {
    const { code } = await registerStudio('VerifyTwice');
    expect((await verify({ VerificationCode: code })).statusCode).toBe(200);
    expectErrors(await verify({ VerificationCode: code }), 400, [
      ['VerificationCode', 'ERROR_EMAIL_RECOVERY_NOTEXISTS'],
    ]);
  });

  it('refuses an unknown code', async () => {
    expectErrors(await verify({ VerificationCode: 'unknown-code' }), 400, [
      ['VerificationCode', 'ERROR_EMAIL_RECOVERY_NOTEXISTS'],
    ]);
  });

  it('refuses an expired code', async () => {
    const { form, code } = await registerStudio('VerifyLate');
    await expireLinksOf(t, form.Email as string);
    expectErrors(await verify({ VerificationCode: code }), 400, [
      ['VerificationCode', 'ERROR_EMAIL_RECOVERY_EXPIRED'],
    ]);
  });

  it.each([
    ['no VerificationCode', {}],
    ['an empty VerificationCode', { VerificationCode: '' }],
  ])('answers 400 ERROR_VERIFICATION_CODE_EMPTY to %s', async (_case, payload) => {
    expectErrors(await verify(payload), 400, [['VerificationCode', 'ERROR_VERIFICATION_CODE_EMPTY']]);
  });

  it('sends a new /register/validate link on request', async () => {
    const { form } = await registerStudio('VerifyResend');
    expect((await resend(t, { Email: form.Email })).statusCode).toBe(200);
    await waitForMailCount(t, form.Email as string, 2);
    const mail = await waitForMail(t, form.Email as string);
    expect(mail.text).toContain(`${t.config.publicUrl}/register/validate?verificationCode=`);
  });
});
