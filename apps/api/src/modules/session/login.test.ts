/**
 * Log-in (spec §4 Login, §7 log/identify, log/log-in, log/user/{id}/log-in, §8 Login codes;
 * DESIGN.md §5 rate limits and lock-out): identify by name or e-mail, the one-step and two-step
 * password checks, unknown players answered like wrong passwords, unconfirmed and banned players,
 * the per-account throttle and the per-IP rate limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hash } from '@node-rs/argon2';
import { ARGON2ID } from '../../lib/password.ts';
import { sha256 } from '../../lib/crypto.ts';
import { ANONYMOUS, STORES, json, startTestApp, type TestApp } from '../../test/harness.ts';
import { createPlayer, expectErrors, postLogin, type Player } from '../../test/helpers.ts';

function identify(t: TestApp, payload: unknown, remoteAddress?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/log/identify',
    headers: ANONYMOUS,
    payload: payload as object,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

function userLogin(t: TestApp, idUser: string, password: unknown, remoteAddress?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/log/user/${encodeURIComponent(idUser)}/log-in`,
    headers: ANONYMOUS,
    payload: { Password: password },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

describe.each(STORES)('log-in on %s', (kind) => {
  let t: TestApp;
  let jdoe: Player;
  let unconfirmed: Player;
  let banned: Player;
  beforeAll(async () => {
    t = await startTestApp(kind);
    jdoe = await createPlayer(t, 'Jdoe1');
    unconfirmed = await createPlayer(t, 'Unconfirmed1', { confirmed: false });
    banned = await createPlayer(t, 'Banned1', { banned: true });
  });
  afterAll(async () => {
    await t.close();
  });

  describe('POST log/identify', () => {
    it.each(['Jdoe1', 'JDOE1', 'jdoe1@players.test', 'JDoe1@Players.TEST', '  jdoe1  '])(
      'knows the player as %j',
      async (login) => {
        const res = await identify(t, { UsernameOrEmail: login });
        expect(res.statusCode).toBe(200);
        expect(json(res)).toEqual({
          AuthType: 1,
          Id_User: jdoe.idUser,
          Username: 'Jdoe1',
          TitleName: '',
          Email: 'j•••1@players.test',
          AvatarUrl: '/avatars/default.svg',
          AuthPartner: null,
        });
        expect(res.body).not.toContain('jdoe1@');
      },
    );

    it('joins the titles into TitleName', async () => {
      const p = await createPlayer(t, 'Titled1');
      await t.ctx.db
        .updateTable('users')
        .set({ titles: 'Veteran; Explorer;' })
        .where('id', '=', p.id)
        .execute();
      const res = await identify(t, { UsernameOrEmail: 'Titled1' });
      expect(json<{ TitleName: string }>(res).TitleName).toBe('Veteran Explorer');
    });

    it('answers ERROR_USER_NOT_EXISTS for an unknown player', async () => {
      expectErrors(await identify(t, { UsernameOrEmail: 'NoSuchPlayer' }), 400, [
        ['UsernameOrEmail', 'ERROR_USER_NOT_EXISTS'],
      ]);
      expectErrors(await identify(t, { UsernameOrEmail: 'nobody@players.test' }), 400, [
        ['UsernameOrEmail', 'ERROR_USER_NOT_EXISTS'],
      ]);
    });

    it.each([
      ['empty', { UsernameOrEmail: '' }],
      ['blank', { UsernameOrEmail: '   ' }],
      ['missing', {}],
    ])('answers ERROR_USERNAME_EMPTY for an %s name', async (_case, payload) => {
      expectErrors(await identify(t, payload), 400, [['UsernameOrEmail', 'ERROR_USERNAME_EMPTY']]);
    });

    it('answers ERROR_USER_BANNED for a banned player', async () => {
      expectErrors(await identify(t, { UsernameOrEmail: banned.username }), 400, [
        ['UsernameOrEmail', 'ERROR_USER_BANNED'],
      ]);
    });
  });

  describe('POST log/log-in', () => {
    it.each(['Jdoe1', 'jdoe1', 'JDOE1@players.test'])(
      'opens a session for %j with the right password',
      async (login) => {
        const res = await postLogin(t, login, jdoe.password);
        expect(res.statusCode).toBe(200);
        const { Created } = json<{ Created: string }>(res);
        expect(Created).toMatch(/^[A-Za-z0-9_-]{43}$/);
        // The store keeps only the SHA-256 of the handle.
        const sessions = await t.ctx.db
          .selectFrom('sessions')
          .selectAll()
          .where('user_id', '=', jdoe.id)
          .execute();
        expect(sessions.some((s) => s.identity_hash === sha256(Created))).toBe(true);
        expect(sessions.some((s) => s.identity_hash === Created)).toBe(false);
      },
    );

    it('answers a wrong password and an unknown player with the same 400', async () => {
      const wrong = await postLogin(t, 'Jdoe1', 'Wrong12345');
      const unknown = await postLogin(t, 'NoSuchPlayer', 'Wrong12345');
      expectErrors(wrong, 400, [['', 'ERROR_USERNAME_PASSWORD_INCORRECT']]);
      expectErrors(unknown, 400, [['', 'ERROR_USERNAME_PASSWORD_INCORRECT']]);
      expect(unknown.body).toBe(wrong.body);
    });

    it.each([
      ['a known', 'Jdoe1'],
      ['an unknown', 'NoSuchPlayer'],
    ])('answers ERROR_PASSWORD_EMPTY for %s player without password', async (_case, login) => {
      expectErrors(await postLogin(t, login, ''), 400, [['Password', 'ERROR_PASSWORD_EMPTY']]);
    });

    it('answers ERROR_USERNAME_EMPTY without a name', async () => {
      expectErrors(await postLogin(t, '', jdoe.password), 400, [['UsernameOrEmail', 'ERROR_USERNAME_EMPTY']]);
    });

    it('tells an unconfirmed player to confirm only when the password is right', async () => {
      expectErrors(await postLogin(t, unconfirmed.username, unconfirmed.password), 400, [
        ['', 'ERROR_USER_CONFIRMED'],
      ]);
      expectErrors(await postLogin(t, unconfirmed.username, 'Wrong12345'), 400, [
        ['', 'ERROR_USERNAME_PASSWORD_INCORRECT'],
      ]);
    });

    it('refuses a banned player', async () => {
      expectErrors(await postLogin(t, banned.username, banned.password), 400, [['', 'ERROR_USER_BANNED']]);
      expectErrors(await postLogin(t, banned.username, 'Wrong12345'), 400, [
        ['', 'ERROR_USERNAME_PASSWORD_INCORRECT'],
      ]);
      const sessions = await t.ctx.db
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', banned.id)
        .execute();
      expect(sessions).toEqual([]);
    });

    it('re-hashes a password stored with older argon2 parameters', async () => {
      const p = await createPlayer(t, 'OldHash1');
      const old = await hash(p.password, {
        algorithm: ARGON2ID,
        memoryCost: 8192,
        timeCost: 1,
        parallelism: 1,
      });
      await t.ctx.db.updateTable('users').set({ password_hash: old }).where('id', '=', p.id).execute();
      expect((await postLogin(t, p.username, p.password)).statusCode).toBe(200);
      const row = await t.ctx.db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', p.id)
        .executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect((await postLogin(t, p.username, p.password)).statusCode).toBe(200);
    });
  });

  describe('POST log/user/{id}/log-in', () => {
    it('opens a session with the right password', async () => {
      const res = await userLogin(t, jdoe.idUser, jdoe.password);
      expect(res.statusCode).toBe(200);
      expect(json<{ Created: string }>(res).Created).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });

    it('answers a wrong password on Property Password', async () => {
      expectErrors(await userLogin(t, jdoe.idUser, 'Wrong12345'), 400, [
        ['Password', 'ERROR_USERNAME_PASSWORD_INCORRECT'],
      ]);
    });

    it('answers ERROR_PASSWORD_EMPTY without password', async () => {
      expectErrors(await userLogin(t, jdoe.idUser, ''), 400, [['Password', 'ERROR_PASSWORD_EMPTY']]);
    });

    it.each(['00000000-0000-4000-8000-000000000000', 'not-an-id'])(
      'answers ERROR_USER_UNKNOWN for id %j',
      async (id) => {
        expectErrors(await userLogin(t, id, 'Whatever123'), 400, [['', 'ERROR_USER_UNKNOWN']]);
      },
    );

    it('refuses unconfirmed and banned players', async () => {
      expectErrors(await userLogin(t, unconfirmed.idUser, unconfirmed.password), 400, [
        ['', 'ERROR_USER_CONFIRMED'],
      ]);
      expectErrors(await userLogin(t, banned.idUser, banned.password), 400, [['', 'ERROR_USER_BANNED']]);
    });
  });

  describe('per-account throttle (login-throttle.test.ts has the whole attack)', () => {
    /** Failures in a row an account+IP may make before the back-off (LOGIN_FREE_FAILURES default). */
    const FREE = 5;

    it('after the free failures and one more from one IP refuses the next try, right or not, with 429 and Retry-After', async () => {
      expect(t.config.loginThrottle.freeFailures).toBe(FREE);
      const p = await createPlayer(t, 'Throttled1');
      const ip = '10.1.0.1';
      for (let i = 0; i <= FREE; i += 1) {
        expectErrors(await postLogin(t, p.username, `Wrong${i}pass`, ip), 400, [
          ['', 'ERROR_USERNAME_PASSWORD_INCORRECT'],
        ]);
      }
      const blocked = await postLogin(t, p.username, p.password, ip);
      expectErrors(blocked, 429, [['', 'ERROR_RATE_LIMITED']]);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      // The step-2 log-in shares the back-off.
      const step2 = await userLogin(t, p.idUser, p.password, ip);
      expectErrors(step2, 429, [['', 'ERROR_RATE_LIMITED']]);
      expect(Number(step2.headers['retry-after'])).toBeGreaterThan(0);
      // The real player on another network still gets in.
      expect((await postLogin(t, p.username, p.password, '10.1.0.2')).statusCode).toBe(200);
      // Other players on the attacker's IP are not affected.
      expect((await postLogin(t, jdoe.username, jdoe.password, ip)).statusCode).toBe(200);
    });

    it('counts failures through the step-2 log-in too', async () => {
      const p = await createPlayer(t, 'Throttled2');
      const ip = '10.2.0.1';
      for (let i = 0; i <= FREE; i += 1) {
        expectErrors(await userLogin(t, p.idUser, `Wrong${i}pass`, ip), 400, [
          ['Password', 'ERROR_USERNAME_PASSWORD_INCORRECT'],
        ]);
      }
      expectErrors(await postLogin(t, p.username, p.password, ip), 429, [['', 'ERROR_RATE_LIMITED']]);
    });

    it('lets at most the free failures and one more of 20 concurrent wrong guesses from one IP be checked', async () => {
      const p = await createPlayer(t, 'Throttled4');
      const ip = '10.4.0.1';
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => postLogin(t, p.username, `Wrong${i}pass`, ip)),
      );
      const statuses = answers.map((r) => r.statusCode).sort();
      expect(statuses.filter((s) => s === 400)).toHaveLength(FREE + 1);
      expect(statuses.filter((s) => s === 429)).toHaveLength(20 - FREE - 1);
    });

    it('forgets the failures of an IP after a successful log-in from it', async () => {
      const p = await createPlayer(t, 'Throttled3');
      const ip = '10.3.0.1';
      for (let i = 0; i < FREE; i += 1)
        expect((await postLogin(t, p.username, `Wrong${i}pass`, ip)).statusCode).toBe(400);
      expect((await postLogin(t, p.username, p.password, ip)).statusCode).toBe(200);
      for (let i = 0; i < FREE; i += 1)
        expect((await postLogin(t, p.username, `Wrong${i}pass`, ip)).statusCode).toBe(400);
      expect((await postLogin(t, p.username, p.password, ip)).statusCode).toBe(200);
    });
  });
});

describe.each(STORES)('per-IP rate limit on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { env: { RATE_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the 4th log/identify of a minute from one IP with 429 ERROR_RATE_LIMITED', async () => {
    const ip = '10.9.0.1';
    for (let i = 0; i < 3; i += 1) {
      expectErrors(await identify(t, { UsernameOrEmail: `Nobody${i}` }, ip), 400, [
        ['UsernameOrEmail', 'ERROR_USER_NOT_EXISTS'],
      ]);
    }
    const limited = await identify(t, { UsernameOrEmail: 'Nobody3' }, ip);
    expectErrors(limited, 429, [['', 'ERROR_RATE_LIMITED']]);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another IP is not limited.
    expectErrors(await identify(t, { UsernameOrEmail: 'Nobody4' }, '10.9.0.2'), 400, [
      ['UsernameOrEmail', 'ERROR_USER_NOT_EXISTS'],
    ]);
  });

  it('limits log/log-in per IP as well', async () => {
    const ip = '10.9.1.1';
    for (let i = 0; i < 3; i += 1)
      expect((await postLogin(t, 'Nobody', 'Whatever1', ip)).statusCode).toBe(400);
    expectErrors(await postLogin(t, 'Nobody', 'Whatever1', ip), 429, [['', 'ERROR_RATE_LIMITED']]);
  });
});
