/**
 * Re-authentication for sensitive changes (issue 17 §2; DESIGN.md §5 "sensitive changes need a recent
 * proof of the password (`auth_time`)"; docs/security.md "Re-authentication"): a session records when
 * its player last proved their password (log-in, POST password/validate/user/{id}, or the Old password
 * of the change itself). Changing the password or the e-mail needs a proof within
 * REAUTHENTICATION_MAX_AGE_SECONDS; otherwise 400 ERROR_REAUTHENTICATION_REQUIRED and nothing changes.
 * TWO-POINT-STUDIOS keeps its Old password field. On every store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { Token } from '@guildgate/contracts';
import { ConfigError, loadConfig } from '../../config/config.ts';
import { ANONYMOUS, STORES, asUser, json, startTestApp, type TestApp } from '../../test/harness.ts';
import { ageProof, createPlayer, expectErrors, logIn, sessionOf, type Player } from '../../test/helpers.ts';

const REQUIRED: ReadonlyArray<readonly [string, string]> = [['', 'ERROR_REAUTHENTICATION_REQUIRED']];

describe('REAUTHENTICATION_MAX_AGE_SECONDS', () => {
  it('defaults to 300 seconds and takes 30 to 86400', () => {
    expect(loadConfig({}).reauthenticationMaxAgeSeconds).toBe(300);
    expect(loadConfig({ REAUTHENTICATION_MAX_AGE_SECONDS: '30' }).reauthenticationMaxAgeSeconds).toBe(30);
    for (const bad of ['29', '86401', 'soon']) {
      expect(() => loadConfig({ REAUTHENTICATION_MAX_AGE_SECONDS: bad }), bad).toThrow(ConfigError);
    }
  });
});

describe.each(STORES)('re-authentication on %s', (kind) => {
  let t: TestApp;
  let studio: TestApp;

  const resetPassword = (app: TestApp, token: string, body: Record<string, unknown>) =>
    app.app.inject({
      method: 'POST',
      url: '/api/password/password-reset',
      headers: asUser(token),
      payload: body,
    });
  const updateEmail = (player: Player, token: string, email: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/profile/user/${player.idUser}/update-email`,
      headers: asUser(token),
      payload: { Email: email, ConfirmEmail: email },
    });
  const validate = (
    app: TestApp,
    player: Player,
    token: string,
    password: string,
  ): Promise<LightMyRequestResponse> =>
    app.app.inject({
      method: 'POST',
      url: `/api/password/validate/user/${player.idUser}`,
      headers: asUser(token),
      payload: { Password: password },
    });
  const canLogIn = async (app: TestApp, username: string, password: string) =>
    (
      await app.app.inject({
        method: 'POST',
        url: '/api/log/log-in',
        headers: ANONYMOUS,
        payload: { UsernameOrEmail: username, Password: password },
      })
    ).statusCode === 200;

  beforeAll(async () => {
    [t, studio] = await Promise.all([
      startTestApp(kind),
      startTestApp(kind, { env: { PORTAL_ENVIRONMENT: 'TWO-POINT-STUDIOS' } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([t.close(), studio.close()]);
  });

  it('lets a player change their password right after logging in', async () => {
    const player = await createPlayer(t, 'Fresh1');
    const { token } = await sessionOf(t, player);
    const res = await resetPassword(t, token.Value, {
      Password: 'Changed2025pass',
      ConfirmPassword: 'Changed2025pass',
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a password or e-mail change on a log-in older than the window, and changes nothing', async () => {
    const player = await createPlayer(t, 'Stale1');
    const { token } = await sessionOf(t, player);
    await ageProof(t, token.Value, 301);
    expectErrors(
      await resetPassword(t, token.Value, { Password: 'Hijacked2025', ConfirmPassword: 'Hijacked2025' }),
      400,
      REQUIRED,
    );
    expect(await canLogIn(t, player.username, player.password)).toBe(true);
    expect(await canLogIn(t, player.username, 'Hijacked2025')).toBe(false);
    expectErrors(await updateEmail(player, token.Value, 'taken.over@players.test'), 400, REQUIRED);
    const row = await t.ctx.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', player.id)
      .executeTakeFirstOrThrow();
    expect(row.email).toBe(player.email);
    expect(await t.mailbox('taken.over@players.test')).toEqual([]);
  });

  it('takes a proof of the password through password/validate, for this session only', async () => {
    const player = await createPlayer(t, 'Stale2');
    const first = (await sessionOf(t, player)).token;
    const second = (await sessionOf(t, player)).token;
    await ageProof(t, first.Value, 600);
    await ageProof(t, second.Value, 600);
    // A wrong password proves nothing.
    expectErrors(await validate(t, player, first.Value, 'Not1the2password'), 400, [
      ['Password', 'ERROR_PASSWORD_INCORRECT'],
    ]);
    expectErrors(await updateEmail(player, first.Value, 'stale2.new@players.test'), 400, REQUIRED);
    // The right one does, on the session that gave it.
    expect((await validate(t, player, first.Value, player.password)).statusCode).toBe(200);
    expect((await updateEmail(player, first.Value, 'stale2.new@players.test')).statusCode).toBe(200);
    expectErrors(await updateEmail(player, second.Value, 'stale2.other@players.test'), 400, REQUIRED);
  });

  it('counts a right Old password as the proof, and a wrong one as none', async () => {
    const player = await createPlayer(t, 'Stale3');
    const { token } = await sessionOf(t, player);
    await ageProof(t, token.Value, 900);
    expectErrors(
      await resetPassword(t, token.Value, {
        OldPassword: 'Not1the2password',
        Password: 'Changed2025pass',
        ConfirmPassword: 'Changed2025pass',
      }),
      400,
      [['OldPassword', 'ERROR_OLD_PASSWORD_INCORRECT']],
    );
    const res = await resetPassword(t, token.Value, {
      OldPassword: player.password,
      Password: 'Changed2025pass',
      ConfirmPassword: 'Changed2025pass',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await canLogIn(t, player.username, 'Changed2025pass')).toBe(true);
  });

  it('does not renew the proof when the tokens are refreshed', async () => {
    const player = await createPlayer(t, 'Stale4');
    const identity = await logIn(t, player);
    const token = json<Token>(
      await t.app.inject({ method: 'GET', url: `/api/token/${identity}`, headers: ANONYMOUS }),
    );
    await ageProof(t, token.Value, 400);
    const refreshed = await t.app.inject({
      method: 'GET',
      url: '/api/token/refresh',
      headers: ANONYMOUS,
      query: { access_token: token.Value, refresh_token: token.Refresh, client_id: t.config.portalClientId },
    });
    const next = json<{ AccessToken: string }>(refreshed).AccessToken;
    expectErrors(
      await resetPassword(t, next, { Password: 'Changed2025pass', ConfirmPassword: 'Changed2025pass' }),
      400,
      REQUIRED,
    );
  });

  it('keeps the Old password field of TWO-POINT-STUDIOS, which proves the password itself', async () => {
    const form = {
      Lastname: 'Lovelace',
      DateOfBirth: '1990-12-31',
      ApproveCodeOfConduct: true,
      Password: 'Studio2025Pw',
      ConfirmPassword: 'Studio2025Pw',
    };
    // TWO-POINT-STUDIOS confirms through /register/validate: mark the address confirmed in the store.
    const player = await createPlayer(studio, 'StudioStale', { form, confirmed: false });
    await studio.ctx.db
      .updateTable('users')
      .set({ email_confirmed_at: new Date().toISOString() })
      .where('id', '=', player.id)
      .execute();
    const { token } = await sessionOf(studio, player);
    await ageProof(studio, token.Value, 3600);
    expectErrors(
      await resetPassword(studio, token.Value, { Password: 'Changed25Pw', ConfirmPassword: 'Changed25Pw' }),
      400,
      [['OldPassword', 'ERROR_PASSWORD_EMPTY']],
    );
    const res = await resetPassword(studio, token.Value, {
      OldPassword: 'Studio2025Pw',
      Password: 'Changed25Pw',
      ConfirmPassword: 'Changed25Pw',
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});
