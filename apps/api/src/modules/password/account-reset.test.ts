/**
 * POST password/password-reset (spec §2 Password reset in the account; §3 Password reset form
 * (account); §5 password rules; §8 errors split into general, Password and ConfirmPassword): the new
 * password works and the old one no longer does, the player's other sessions are revoked while the
 * calling one stays, the Old password is required and checked in TWO-POINT-STUDIOS, partner
 * environments refuse, and bad input answers the §8 shape.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORES, asUser, startTestApp, type TestApp } from '../../test/harness.ts';
import {
  createPlayer,
  expectErrors,
  getToken,
  postLogin,
  sessionOf,
  type Player,
} from '../../test/helpers.ts';

const TPS_FORM = {
  Lastname: 'Lovelace',
  DateOfBirth: '1990-04-02',
  ApproveCodeOfConduct: true,
  Password: 'Secret1234Pass',
  ConfirmPassword: 'Secret1234Pass',
};

function reset(t: TestApp, accessToken: string, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/password/password-reset',
    headers: asUser(accessToken),
    payload: payload as Record<string, unknown>,
  });
}

describe.each(STORES)('account password reset on %s', (kind) => {
  let t: TestApp;
  let player: Player;

  beforeAll(async () => {
    t = await startTestApp(kind);
    player = await createPlayer(t, 'PassChanger');
  });
  afterAll(async () => {
    await t.close();
  });

  it('changes the password, keeps the calling session and revokes the others', async () => {
    const current = await sessionOf(t, player);
    const other = await sessionOf(t, player);
    const res = await reset(t, current.token.Value, {
      OldPassword: null,
      Password: 'Fresh5678word',
      ConfirmPassword: 'Fresh5678word',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ Success: true });

    expect((await postLogin(t, player.username, player.password)).statusCode).toBe(400);
    expect((await postLogin(t, player.username, 'Fresh5678word')).statusCode).toBe(200);
    // The other session's access token and identity handle stop working; the caller's keep working.
    const profile = (token: string) =>
      t.app.inject({ method: 'GET', url: `/api/profile/user/${player.idUser}`, headers: asUser(token) });
    expect((await profile(other.token.Value)).statusCode).toBe(401);
    expectErrors(await getToken(t, other.identity), 400, [['', 'ERROR_TOKEN_INVALID']]);
    expect((await profile(current.token.Value)).statusCode).toBe(200);
    const audit = await t.ctx.db
      .selectFrom('audit_events')
      .select(['type', 'detail'])
      .where('user_id', '=', player.id)
      .where('type', '=', 'password.changed')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0].detail).not.toContain('Fresh5678word');
    player = { ...player, password: 'Fresh5678word' };
  });

  it('checks a given Old password even where the page does not ask it', async () => {
    const { token } = await sessionOf(t, player);
    const res = await reset(t, token.Value, {
      OldPassword: 'NotMine123',
      Password: 'Other9876word',
      ConfirmPassword: 'Other9876word',
    });
    expectErrors(res, 400, [['OldPassword', 'ERROR_OLD_PASSWORD_INCORRECT']]);
    expect((await postLogin(t, player.username, player.password)).statusCode).toBe(200);
  });

  it('answers the rules per field: Password and ConfirmPassword', async () => {
    const { token } = await sessionOf(t, player);
    expectErrors(await reset(t, token.Value, { Password: '', ConfirmPassword: '' }), 400, [
      ['Password', 'ERROR_PASSWORD_EMPTY'],
    ]);
    expectErrors(await reset(t, token.Value, { Password: 'short1', ConfirmPassword: 'short1' }), 400, [
      ['Password', 'ERROR_PASSWORD_LENGTH'],
    ]);
    expectErrors(await reset(t, token.Value, { Password: '12345678901', ConfirmPassword: 'x' }), 400, [
      ['Password', 'ERROR_PASSWORD_LETTERS'],
      ['ConfirmPassword', 'ERROR_CONFIRM_PASSWORD_INVALID'],
    ]);
    expectErrors(
      await reset(t, token.Value, { Password: 'passchanger99', ConfirmPassword: 'passchanger99' }),
      400,
      [['Password', 'ERROR_PASSWORD_USERNAME']],
    );
    expectErrors(
      await reset(t, token.Value, { Password: 'Abcdefgh1234', ConfirmPassword: 'Abcdefgh1235' }),
      400,
      [['ConfirmPassword', 'ERROR_CONFIRM_PASSWORD_INVALID']],
    );
  });

  it('refuses without a user token, and bad bodies with the §8 shape (never a 5xx)', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/password/password-reset',
      headers: asUser('not-a-token'),
      payload: { Password: 'Abcdefgh1234', ConfirmPassword: 'Abcdefgh1234' },
    });
    expect(anonymous.statusCode).toBe(401);
    const { token } = await sessionOf(t, player);
    for (const payload of [
      { Password: 5, ConfirmPassword: 'x' },
      { Password: 'a'.repeat(5000), ConfirmPassword: 'x' },
      { OldPassword: ['x'], Password: 'Abcdefgh1234', ConfirmPassword: 'Abcdefgh1234' },
      { Password: 'Abc\u0000defgh1234', ConfirmPassword: 'Abc\u0000defgh1234' },
    ]) {
      const res = await reset(t, token.Value, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toHaveProperty('ErrorMessages');
    }
  });
});

describe.each(STORES)('account password reset per environment on %s', (kind) => {
  it('requires and checks the Old password in TWO-POINT-STUDIOS, with its password rule', async () => {
    const t = await startTestApp(kind, { env: { PORTAL_ENVIRONMENT: 'TWO-POINT-STUDIOS' } });
    try {
      // TWO-POINT-STUDIOS confirms through /register/validate: mark the address confirmed in the store.
      const player = await createPlayer(t, 'StudioPass', { form: TPS_FORM, confirmed: false });
      await t.ctx.db
        .updateTable('users')
        .set({ email_confirmed_at: new Date().toISOString() })
        .where('id', '=', player.id)
        .execute();
      const { token } = await sessionOf(t, player);
      expectErrors(
        await reset(t, token.Value, { Password: 'New5678Pass', ConfirmPassword: 'New5678Pass' }),
        400,
        [['OldPassword', 'ERROR_PASSWORD_EMPTY']],
      );
      expectErrors(
        await reset(t, token.Value, {
          OldPassword: player.password,
          Password: 'lowercase5678word',
          ConfirmPassword: 'lowercase5678word',
        }),
        400,
        [['Password', 'ERROR_PASSWORD_STUDIO_RULES']],
      );
      const ok = await reset(t, token.Value, {
        OldPassword: player.password,
        Password: 'New5678Pass',
        ConfirmPassword: 'New5678Pass',
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect((await postLogin(t, player.username, 'New5678Pass')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('refuses in the partner environments (no password section there)', async () => {
    const t = await startTestApp(kind, { env: { PORTAL_ENVIRONMENT: 'FOCUS' } });
    try {
      const player = await createPlayer(t, 'FocusPass');
      const { token } = await sessionOf(t, player);
      expectErrors(
        await reset(t, token.Value, { Password: 'Fresh5678word', ConfirmPassword: 'Fresh5678word' }),
        400,
        [['', 'ERROR_NOT_ALLOWED']],
      );
      expect((await postLogin(t, player.username, player.password)).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
