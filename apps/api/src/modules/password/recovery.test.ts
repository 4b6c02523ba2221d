/**
 * Password recovery (spec §2 Password recovery; §4; §7 POST password/password-recovery, POST
 * password/password-recovery-validation; §8): the answer is the same for known and unknown addresses,
 * the mailed link resets the password once, revokes every session and expires; a refused password
 * leaves the link usable; errors split Password / ConfirmPassword / general; POST
 * password/password-recovery-check says whether a link is usable without using it; partner
 * environments refuse; bad input answers the §8 shape.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMOUS, STORES, linkIn, startTestApp, type TestApp } from '../../test/harness.ts';
import {
  createPlayer,
  expectErrors,
  expectNoMail,
  getToken,
  postLogin,
  sessionOf,
  waitForMailCount,
} from '../../test/helpers.ts';
import { MAX_RECOVERY_MAILS_PER_HOUR } from './recovery.ts';

const ask = (t: TestApp, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/password/password-recovery',
    headers: ANONYMOUS,
    payload: payload as Record<string, unknown>,
  });
const check = (t: TestApp, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/password/password-recovery-check',
    headers: ANONYMOUS,
    payload: payload as Record<string, unknown>,
  });
const reset = (t: TestApp, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/password/password-recovery-validation',
    headers: ANONYMOUS,
    payload: payload as Record<string, unknown>,
  });

/** The token of the newest recovery link mailed to `to` (after `count` mails). */
async function tokenFrom(t: TestApp, to: string, count: number): Promise<string> {
  const [mail] = await waitForMailCount(t, to, count);
  const link = linkIn(mail.text, `${t.config.publicUrl}/password-recovery/reset?token=`);
  return new URL(link).searchParams.get('token')!;
}

describe.each(STORES)('password recovery on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('resets the password once through the mailed link and ends every session', async () => {
    const player = await createPlayer(t, 'Forgetful');
    const session = await sessionOf(t, player);
    expect((await ask(t, { Email: ` ${player.email.toUpperCase()} ` })).statusCode).toBe(200);
    const token = await tokenFrom(t, player.email, 2);

    // A refused password leaves the link usable; errors name Password and ConfirmPassword.
    expectErrors(await reset(t, { Token: token, Password: 'short1', Confirm: 'other' }), 400, [
      ['Password', 'ERROR_PASSWORD_LENGTH'],
      ['ConfirmPassword', 'ERROR_CONFIRM_PASSWORD_INVALID'],
    ]);
    expectErrors(await reset(t, { Token: token, Password: '', Confirm: '' }), 400, [
      ['Password', 'ERROR_PASSWORD_EMPTY'],
    ]);
    const done = await reset(t, { Token: token, Password: 'Recovered2025', Confirm: 'Recovered2025' });
    expect(done.statusCode, done.body).toBe(200);
    expect((await postLogin(t, player.username, 'Recovered2025')).statusCode).toBe(200);
    expect((await postLogin(t, player.username, player.password)).statusCode).toBe(400);
    expect((await getToken(t, session.identity)).statusCode).not.toBe(200);
    // Used once.
    expectErrors(await reset(t, { Token: token, Password: 'Again2025pass', Confirm: 'Again2025pass' }), 400, [
      ['', 'ERROR_PASSWORD_RECOVERY_NOTEXISTS'],
    ]);
  });

  it('answers alike for unknown addresses and sends nothing', async () => {
    const sentinel = await createPlayer(t, 'Sentinel', { confirmed: false });
    const unknown = 'nobody.here@players.test';
    const res = await ask(t, { Email: unknown });
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 200,
      body: { Success: true },
    });
    await expectNoMail(t, unknown, sentinel.email);
    expectErrors(await ask(t, { Email: '  ' }), 400, [['Email', 'ERROR_EMAIL_EMPTY']]);
  });

  it('refuses expired links and a newer reset makes older links unusable', async () => {
    const player = await createPlayer(t, 'Twice');
    await ask(t, { Email: player.email });
    const first = await tokenFrom(t, player.email, 2);
    await ask(t, { Email: player.email });
    const second = await tokenFrom(t, player.email, 3);
    expect(second).not.toBe(first);
    await t.ctx.db
      .updateTable('email_tokens')
      .set({ expires_at: '2000-01-01T00:00:00.000Z' })
      .where('user_id', '=', player.id)
      .where('purpose', '=', 'password_recovery')
      .where('used_at', 'is', null)
      .execute();
    expectErrors(
      await reset(t, { Token: second, Password: 'Fresh2025pass', Confirm: 'Fresh2025pass' }),
      400,
      [['', 'ERROR_PASSWORD_RECOVERY_EXPIRED']],
    );
    await ask(t, { Email: player.email });
    const third = await tokenFrom(t, player.email, 4);
    expect(
      (await reset(t, { Token: third, Password: 'Fresh2025pass', Confirm: 'Fresh2025pass' })).statusCode,
    ).toBe(200);
    for (const token of [first, second])
      expectErrors(
        await reset(t, { Token: token, Password: 'Fresh2026pass', Confirm: 'Fresh2026pass' }),
        400,
        [['', 'ERROR_PASSWORD_RECOVERY_NOTEXISTS']],
      );
  });

  it('checks a link without using it: usable, then used, expired or unknown', async () => {
    const player = await createPlayer(t, 'Checker');
    await ask(t, { Email: player.email });
    const token = await tokenFrom(t, player.email, 2);
    // Checked twice, still usable: the check writes nothing.
    for (let i = 0; i < 2; i += 1) {
      const ok = await check(t, { Token: token });
      expect({ status: ok.statusCode, body: ok.json() }).toEqual({
        status: 200,
        body: { Success: true },
      });
    }
    const used = await t.ctx.db
      .selectFrom('email_tokens')
      .select('used_at')
      .where('user_id', '=', player.id)
      .where('purpose', '=', 'password_recovery')
      .execute();
    expect(used.map((row) => row.used_at)).toEqual([null]);
    expect(
      (await reset(t, { Token: token, Password: 'Checked2025pw', Confirm: 'Checked2025pw' })).statusCode,
    ).toBe(200);
    expectErrors(await check(t, { Token: token }), 400, [['', 'ERROR_PASSWORD_RECOVERY_NOTEXISTS']]);

    await ask(t, { Email: player.email });
    const late = await tokenFrom(t, player.email, 3);
    await t.ctx.db
      .updateTable('email_tokens')
      .set({ expires_at: '2000-01-01T00:00:00.000Z' })
      .where('user_id', '=', player.id)
      .where('used_at', 'is', null)
      .execute();
    expectErrors(await check(t, { Token: late }), 400, [['', 'ERROR_PASSWORD_RECOVERY_EXPIRED']]);
    for (const payload of [{ Token: 'unknown-token' }, { Token: '' }, {}])
      expectErrors(await check(t, payload), 400, [['', 'ERROR_PASSWORD_RECOVERY_NOTEXISTS']]);
    for (const payload of [{ Token: 1 }, { Token: 'x'.repeat(5000) }, 'text', []]) {
      const res = await check(t, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toHaveProperty('ErrorMessages');
    }
  });

  it('mails one player at most the hourly limit, answering alike afterwards', async () => {
    const player = await createPlayer(t, 'Impatient');
    for (let i = 0; i < MAX_RECOVERY_MAILS_PER_HOUR + 2; i += 1)
      expect((await ask(t, { Email: player.email })).statusCode).toBe(200);
    await waitForMailCount(t, player.email, 1 + MAX_RECOVERY_MAILS_PER_HOUR);
    const sentinel = await createPlayer(t, 'Witness', { confirmed: false });
    await expectNoMail(t, 'nobody.else@players.test', sentinel.email);
    expect(await t.mailbox(player.email)).toHaveLength(1 + MAX_RECOVERY_MAILS_PER_HOUR);
  });

  it('answers bad input in the §8 shape', async () => {
    for (const payload of [{ Email: 42 }, { Email: ['a'] }, 'text', { Email: 'x'.repeat(5000) }])
      expect((await ask(t, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    for (const payload of [{ Token: 1 }, { Token: 'x', Password: null }, { Token: 'x', Confirm: {} }, []]) {
      const res = await reset(t, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toHaveProperty('ErrorMessages');
    }
    expectErrors(await reset(t, { Token: '', Password: 'Fresh2025pass', Confirm: 'Fresh2025pass' }), 400, [
      ['', 'ERROR_PASSWORD_RECOVERY_NOTEXISTS'],
    ]);
  });
});

describe.each(STORES)('password recovery in TWO-POINT-STUDIOS and a partner environment on %s', (kind) => {
  it('applies the studio password rule in TWO-POINT-STUDIOS', async () => {
    const t = await startTestApp(kind, { env: { PORTAL_ENVIRONMENT: 'TWO-POINT-STUDIOS' } });
    try {
      // Unconfirmed: the recovery link proves the mailbox and confirms the address too.
      const player = await createPlayer(t, 'StudioForget', {
        confirmed: false,
        form: {
          Lastname: 'L',
          DateOfBirth: '1990-01-01',
          ApproveCodeOfConduct: true,
          Password: 'Studio2024pw',
          ConfirmPassword: 'Studio2024pw',
        },
      });
      await ask(t, { Email: player.email });
      const [mail] = await waitForMailCount(t, player.email, 2);
      const token = new URL(
        linkIn(mail.text, `${t.config.publicUrl}/password-recovery/reset?token=`),
      ).searchParams.get('token')!;
      expectErrors(
        await reset(t, { Token: token, Password: 'alllowercase1', Confirm: 'alllowercase1' }),
        400,
        [['Password', 'ERROR_PASSWORD_STUDIO_RULES']],
      );
      expect(
        (await reset(t, { Token: token, Password: 'Studio2025pw', Confirm: 'Studio2025pw' })).statusCode,
      ).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('refuses in FOCUS (no password recovery in partner environments)', async () => {
    const t = await startTestApp(kind, { env: { PORTAL_ENVIRONMENT: 'FOCUS' } });
    try {
      expectErrors(await ask(t, { Email: 'someone@players.test' }), 400, [['', 'ERROR_NOT_ALLOWED']]);
      expectErrors(await reset(t, { Token: 'x', Password: 'Fresh2025pass', Confirm: 'Fresh2025pass' }), 400, [
        ['', 'ERROR_NOT_ALLOWED'],
      ]);
      expectErrors(await check(t, { Token: 'x' }), 400, [['', 'ERROR_NOT_ALLOWED']]);
    } finally {
      await t.close();
    }
  });
});
