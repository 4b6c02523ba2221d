/**
 * The support actions on a player (issue 24 §2; contracts admin-support.ts), on every store, through
 * the real app and the sandbox mailbox: each route refuses a call without a bearer (401), a player
 * without a role (403 ERROR_STAFF_ROLE_REQUIRED) and a viewer (403 ERROR_STAFF_ROLE_INSUFFICIENT), and
 * is limited per IP, refused calls included;
 * validates its path and body (§8 400, never a 500), requires a Reason where the contract says
 * (ERROR_STAFF_REASON_REQUIRED), answers 404 ERROR_USER_UNKNOWN for an unknown player; does what the
 * player's own flow does (the mail sent in the player's language, the link working, tokens refused,
 * log-in refused or allowed, the player erased); and writes its staff audit event with actor, target,
 * changes and reason, read back through GET admin/audit. The guard rails: no ban, deletion or reset of
 * one's own account, and a support member does not act on support or admin staff.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, STAFF_SUPPORT_ACTIONS, type Endpoint } from '@guildgate/contracts';
import { ANONYMOUS, STORES, json, startTestApp, waitForNewMail, type TestApp } from '../../test/harness.ts';
import {
  confirmUidFromMail,
  createPlayer,
  expectErrors,
  linkParamFromMail,
  postConfirm,
  postLogin,
  sessionOf,
  type Player,
} from '../../test/helpers.ts';
import {
  call,
  playerWithAuthenticator,
  staffMember,
  SUPPORT_ACTION_ROUTES,
  type FactorPlayer,
  consoleCast,
} from './test-support.ts';

interface AuditEventBody {
  Type: string;
  Ip: string | null;
  Actor: { Kind: string; Id_User: string | null; Username: string | null };
  Target: { Id_User: string | null; Username: string | null } | null;
  Changes: { Field: string; From: string | null; To: string | null }[];
  Reason: string | null;
}

const CLIENT = 'guildgate-portal';
const NOBODY = '00000000-0000-4000-8000-000000000000';

/** Every support route: method, the path after admin/players/{idUser}, and whether a Reason is required. */
const ROUTES = Object.entries(STAFF_SUPPORT_ACTIONS).map(([action, rules]) => ({
  method: action === 'delete' ? ('DELETE' as const) : ('POST' as const),
  suffix: action === 'delete' ? '' : `/${action}`,
  reasonRequired: rules.reasonRequired,
}));

describe.each(STORES)('the support actions on %s', (kind) => {
  let t: TestApp;
  let admin: FactorPlayer;
  let support: FactorPlayer;
  let viewer: FactorPlayer;
  /** A player without a role, and their token. */
  let player: Player;
  let playerToken: string;
  const name = (base: string) => `${base}${kind === 'sqlite' ? 'Sq' : 'Pg'}`;

  beforeAll(async () => {
    // The harness turns security alerts off; the reset of second factors sends one.
    t = await startTestApp(kind, { env: { FEATURE_SECURITY_ALERTS: 'true' } });
    ({ admin, support, viewer, player, playerToken } = await consoleCast(t, 'Sup', name('')));
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  /** A support action by `member` on player `idUser`. */
  const act = (member: FactorPlayer, action: string, idUser: string, body: unknown = {}) =>
    action === 'delete'
      ? call(t, 'DELETE', `admin/players/${idUser}`, member.token, body)
      : call(t, 'POST', `admin/players/${idUser}/${action}`, member.token, body);

  /** The events about player `idUser`, newest first, through GET admin/audit. */
  const eventsAbout = async (idUser: string) => {
    const res = await call(t, 'GET', `admin/audit?target=${idUser}`, viewer.token);
    expect(res.statusCode, res.body).toBe(200);
    return json<{ Events: AuditEventBody[] }>(res).Events;
  };

  /** The staff actor of `member` as GET admin/audit names it. */
  const actor = (member: FactorPlayer) => ({
    Kind: 'staff',
    Id_User: member.idUser,
    Username: member.username,
  });

  const verify = (accessToken: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/token/verify',
      headers: ANONYMOUS,
      query: { access_token: accessToken, client_id: CLIENT },
    });
  const refresh = (token: { Value: string; Refresh: string }) =>
    t.app.inject({
      method: 'GET',
      url: '/api/token/refresh',
      headers: ANONYMOUS,
      query: { access_token: token.Value, refresh_token: token.Refresh, client_id: CLIENT },
    });

  it('declares every support route in the endpoint table, staff-only and rate-limited', () => {
    const table = (Object.values(ENDPOINTS) as Endpoint[]).filter((endpoint) =>
      SUPPORT_ACTION_ROUTES.has(`${endpoint.method} ${endpoint.path}`),
    );
    expect(table).toHaveLength(SUPPORT_ACTION_ROUTES.size);
    expect(SUPPORT_ACTION_ROUTES.size).toBe(8);
    for (const endpoint of table) {
      expect(endpoint.auth, endpoint.name).toBe('staff');
      expect(endpoint.rateLimited, endpoint.name).toBe(true);
      expect(endpoint.errors[404], endpoint.name).toContain('ERROR_USER_UNKNOWN');
    }
  });

  it('refuses a call without a bearer, a player without a role and a viewer', async () => {
    for (const route of ROUTES) {
      const url = `/api/admin/players/${player.idUser}${route.suffix}`;
      const payload = { Reason: 'checking' };
      expectErrors(await t.app.inject({ method: route.method, url, payload, headers: ANONYMOUS }), 401, [
        ['', 'ERROR_TOKEN_INVALID'],
      ]);
      const refused = await call(t, route.method, url.slice('/api/'.length), playerToken, payload);
      expectErrors(refused, 403, [['', 'ERROR_STAFF_ROLE_REQUIRED']]);
      expect(refused.headers['cache-control']).toBe('no-store');
      expectErrors(await call(t, route.method, url.slice('/api/'.length), viewer.token, payload), 403, [
        ['', 'ERROR_STAFF_ROLE_INSUFFICIENT'],
      ]);
    }
    // Nothing was done: the player's session still works, no event about them.
    expect((await verify(playerToken)).statusCode).toBe(200);
    expect(await eventsAbout(player.idUser)).toEqual([]);
  });

  it('limits the calls per IP, refused ones included', async () => {
    const limited = await startTestApp(kind, { env: { RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const someone = await createPlayer(limited, name('SupLimited'));
      const token = (await sessionOf(limited, someone)).token.Value;
      for (const route of ROUTES) {
        const send = () =>
          call(limited, route.method, `admin/players/${someone.idUser}${route.suffix}`, token, {
            Reason: 'r',
          });
        for (let i = 0; i < 3; i++) expectErrors(await send(), 403, [['', 'ERROR_STAFF_ROLE_REQUIRED']]);
        const refused = await send();
        expectErrors(refused, 429, [['', 'ERROR_RATE_LIMITED']]);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      }
    } finally {
      await limited.close();
    }
  });

  it('answers bad input with a §8 400, a missing reason with ERROR_STAFF_REASON_REQUIRED, an unknown player with 404', async () => {
    for (const route of ROUTES) {
      const path = (idUser: string) => `admin/players/${idUser}${route.suffix}`;
      const label = `${route.method} ${path('{idUser}')}`;
      for (const bad of ['not-a-uuid', '1', "x' or 1=1 --"])
        expectErrors(
          await call(t, route.method, path(encodeURIComponent(bad)), support.token, { Reason: 'r' }),
          400,
          [['idUser', 'ERROR_FIELD_INVALID']],
        );
      for (const body of [{ Reason: 'x'.repeat(501) }, { Reason: 42 }, { Reason: null }])
        expectErrors(await call(t, route.method, path(player.idUser), support.token, body), 400, [
          ['Reason', 'ERROR_FIELD_INVALID'],
        ]);
      const notObject = await call(t, route.method, path(player.idUser), support.token, []);
      expect(notObject.statusCode, label).toBe(400);
      if (route.reasonRequired)
        for (const body of [{}, { Reason: '' }, { Reason: '   ' }])
          expectErrors(await call(t, route.method, path(player.idUser), support.token, body), 400, [
            ['Reason', 'ERROR_STAFF_REASON_REQUIRED'],
          ]);
      expectErrors(await call(t, route.method, path(NOBODY), support.token, { Reason: 'r' }), 404, [
        ['', 'ERROR_USER_UNKNOWN'],
      ]);
    }
    expect(await eventsAbout(player.idUser)).toEqual([]);
  });

  it('resends the confirmation e-mail in the player’s language, the new link replacing the old', async () => {
    const target = await createPlayer(t, name('Unconfirmed'), { confirmed: false });
    await t.ctx.db.updateTable('users').set({ locale: 'fr' }).where('id', '=', target.id).execute();
    const oldUid = await confirmUidFromMail(t, target.email);
    const before = (await t.mailbox(target.email)).length;

    const res = await act(support, 'resend-confirmation', target.idUser, { Reason: 'asked by chat' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ Success: true });
    const mail = await waitForNewMail(t, target.email, before);
    expect(mail.subject).toMatch(/^Confirmez votre compte/);
    const newUid = await confirmUidFromMail(t, target.email);
    expect(newUid).not.toBe(oldUid);
    expectErrors(await postConfirm(t, oldUid), 400, [['Uid', 'ERROR_EMAIL_RECOVERY_NOTEXISTS']]);
    expect((await postConfirm(t, newUid)).statusCode).toBe(200);

    expectErrors(await act(support, 'resend-confirmation', target.idUser), 400, [
      ['', 'ERROR_STAFF_EMAIL_CONFIRMED'],
    ]);
    expect(await eventsAbout(target.idUser)).toMatchObject([
      {
        Type: 'staff.player_confirmation_resent',
        Actor: actor(support),
        Target: { Id_User: target.idUser, Username: target.username },
        Changes: [],
        Reason: 'asked by chat',
      },
    ]);
  });

  it('marks the e-mail confirmed with a reason: pending links used up, the player may log in', async () => {
    const target = await createPlayer(t, name('MarkConfirmed'), { confirmed: false });
    const uid = await confirmUidFromMail(t, target.email);
    expectErrors(await postLogin(t, target.username, target.password), 400, [['', 'ERROR_USER_CONFIRMED']]);

    const res = await act(support, 'confirm-email', target.idUser, { Reason: '  ticket 4711  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await postLogin(t, target.username, target.password)).statusCode).toBe(200);
    expectErrors(await postConfirm(t, uid), 400, [['Uid', 'ERROR_EMAIL_RECOVERY_NOTEXISTS']]);
    expectErrors(await act(support, 'confirm-email', target.idUser, { Reason: 'again' }), 400, [
      ['', 'ERROR_STAFF_EMAIL_CONFIRMED'],
    ]);
    expect(await eventsAbout(target.idUser)).toMatchObject([
      {
        Type: 'staff.player_email_confirmed',
        Actor: actor(support),
        Changes: [{ Field: 'email_confirmed', From: 'false', To: 'true' }],
        Reason: 'ticket 4711',
      },
    ]);
  });

  it('sends the password-recovery e-mail: its single-use link sets a new password', async () => {
    const target = await createPlayer(t, name('Recovered'));
    const before = (await t.mailbox(target.email)).length;
    const res = await act(admin, 'send-password-recovery', target.idUser);
    expect(res.statusCode, res.body).toBe(200);
    const mail = await waitForNewMail(t, target.email, before);
    expect(mail.subject).toMatch(/^Reset your .* password/);
    const token = await linkParamFromMail(
      t,
      target.email,
      `${t.config.publicUrl}/password-recovery/reset?token=`,
      'token',
    );
    const reset = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/password/password-recovery-validation',
        headers: ANONYMOUS,
        payload: { Token: token, Password: 'Recovered2026pass', Confirm: 'Recovered2026pass' },
      });
    expect((await reset()).statusCode).toBe(200);
    expectErrors(await reset(), 400, [['', 'ERROR_PASSWORD_RECOVERY_NOTEXISTS']]);
    expect((await postLogin(t, target.username, 'Recovered2026pass')).statusCode).toBe(200);
    expect(await eventsAbout(target.idUser)).toMatchObject([
      { Type: 'staff.player_recovery_sent', Actor: actor(admin), Changes: [], Reason: null },
    ]);
  });

  it('signs the player out everywhere: access and refresh tokens refused at once', async () => {
    const target = await createPlayer(t, name('SignedOut'));
    const [first, second] = [await sessionOf(t, target), await sessionOf(t, target)];
    expect((await verify(first.token.Value)).statusCode).toBe(200);

    const res = await act(support, 'sign-out-everywhere', target.idUser, { Reason: 'lost phone' });
    expect(res.statusCode, res.body).toBe(200);
    for (const session of [first, second]) {
      expectErrors(await verify(session.token.Value), 400, [['', 'ERROR_TOKEN_INVALID']]);
      expectErrors(await refresh(session.token), 400, [['', 'ERROR_TOKEN_INVALID_REFRESH']]);
      expect((await call(t, 'GET', 'account/sessions', session.token.Value)).statusCode).toBe(401);
    }
    // A new log-in works.
    expect((await verify((await sessionOf(t, target)).token.Value)).statusCode).toBe(200);
    expect(await eventsAbout(target.idUser)).toMatchObject([
      {
        Type: 'staff.player_signed_out',
        Actor: actor(support),
        Changes: [{ Field: 'sessions', From: '2', To: '0' }],
        Reason: 'lost phone',
      },
    ]);
  });

  it('resets the second factors with a reason and alerts the player', async () => {
    const target = await playerWithAuthenticator(t, name('LostFactors'));
    const removed = /^A second factor was removed/;
    const alerts = async () =>
      (await t.mailbox(target.email)).filter((mail) => removed.test(mail.subject)).length;
    expect(await alerts()).toBe(0);

    const res = await act(support, 'reset-second-factors', target.idUser, { Reason: 'ID checked' });
    expect(res.statusCode, res.body).toBe(200);
    await expect.poll(alerts, { timeout: 10_000, interval: 50 }).toBe(1);
    // The next log-in is by password alone: no second step.
    const login = await postLogin(t, target.username, target.password);
    expect(login.statusCode, login.body).toBe(200);
    expect(json<{ SecondFactorTicket?: string }>(login).SecondFactorTicket).toBeUndefined();
    const factors = await call(t, 'GET', 'account/second-factors', (await sessionOf(t, target)).token.Value);
    expect(json(factors)).toMatchObject({ Totp: false, RecoveryCodesLeft: 0 });

    expectErrors(await act(support, 'reset-second-factors', target.idUser, { Reason: 'again' }), 400, [
      ['', 'ERROR_STAFF_NO_SECOND_FACTOR'],
    ]);
    expect(await eventsAbout(target.idUser)).toMatchObject([
      {
        Type: 'staff.player_second_factors_reset',
        Actor: actor(support),
        Changes: [
          { Field: 'authenticator_app', From: 'true', To: 'false' },
          { Field: 'recovery_codes', From: String(target.recoveryCodes.length), To: '0' },
        ],
        Reason: 'ID checked',
      },
    ]);
  });

  it('bans and unbans as the operator command does: sessions end, log-in refused, then allowed', async () => {
    const target = await createPlayer(t, name('Banned'));
    const { token } = await sessionOf(t, target);

    const banned = await act(support, 'ban', target.idUser, { Reason: 'cheating' });
    expect(banned.statusCode, banned.body).toBe(200);
    expectErrors(await verify(token.Value), 400, [['', 'ERROR_TOKEN_INVALID']]);
    expectErrors(await refresh(token), 400, [['', 'ERROR_TOKEN_INVALID_REFRESH']]);
    expectErrors(await postLogin(t, target.username, target.password), 400, [['', 'ERROR_USER_BANNED']]);
    expectErrors(await act(support, 'ban', target.idUser, { Reason: 'again' }), 400, [
      ['', 'ERROR_STAFF_PLAYER_BANNED'],
    ]);

    const unbanned = await act(admin, 'unban', target.idUser);
    expect(unbanned.statusCode, unbanned.body).toBe(200);
    expect((await postLogin(t, target.username, target.password)).statusCode).toBe(200);
    expectErrors(await act(admin, 'unban', target.idUser), 400, [['', 'ERROR_STAFF_PLAYER_NOT_BANNED']]);
    expect(await eventsAbout(target.idUser)).toMatchObject([
      {
        Type: 'staff.player_unbanned',
        Actor: actor(admin),
        Changes: [{ Field: 'banned', From: 'true', To: 'false' }],
        Reason: null,
      },
      {
        Type: 'staff.player_banned',
        Actor: actor(support),
        Changes: [{ Field: 'banned', From: 'false', To: 'true' }],
        Reason: 'cheating',
      },
    ]);
  });

  it('deletes the account by the player’s own erasure, the event keeping the username', async () => {
    const target = await createPlayer(t, name('Deleted'));
    const { token } = await sessionOf(t, target);
    const feedbackBefore = await t.ctx.db.selectFrom('deletion_feedback').select('id').execute();

    const res = await act(support, 'delete', target.idUser, { Reason: 'GDPR request by mail' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ Success: true });
    expectErrors(await verify(token.Value), 400, [['', 'ERROR_TOKEN_INVALID']]);
    expect((await postLogin(t, target.username, target.password)).statusCode).toBe(400);
    expect(await t.ctx.db.selectFrom('users').select('id').where('id', '=', target.id).execute()).toEqual([]);
    // No seeded deletion type says "by staff": no feedback row.
    expect(await t.ctx.db.selectFrom('deletion_feedback').select('id').execute()).toHaveLength(
      feedbackBefore.length,
    );
    expectErrors(await act(support, 'delete', target.idUser, { Reason: 'again' }), 404, [
      ['', 'ERROR_USER_UNKNOWN'],
    ]);

    const mine = await call(t, 'GET', `admin/audit?actor=${support.idUser}&limit=100`, viewer.token);
    const deleted = json<{ Events: AuditEventBody[] }>(mine).Events.filter(
      (e) => e.Type === 'staff.player_deleted',
    );
    expect(deleted).toEqual([
      {
        ...deleted[0],
        Actor: actor(support),
        Target: { Id_User: null, Username: null },
        Changes: [{ Field: 'username', From: target.username, To: null }],
        Reason: 'GDPR request by mail',
      },
    ]);
    expect(deleted[0].Ip).not.toBeNull();
  });

  it('keeps the guard rails: not on one’s own account, and support not on support or admin staff', async () => {
    for (const [member, action] of [
      [support, 'ban'],
      [support, 'delete'],
      [support, 'reset-second-factors'],
      [admin, 'ban'],
      [admin, 'delete'],
      [admin, 'reset-second-factors'],
    ] as const)
      expectErrors(await act(member, action, member.idUser, { Reason: 'self' }), 400, [
        ['', 'ERROR_STAFF_OWN_ACCOUNT'],
      ]);
    // An admin may use the other actions on their own account (here: already confirmed).
    expectErrors(await act(admin, 'resend-confirmation', admin.idUser), 400, [
      ['', 'ERROR_STAFF_EMAIL_CONFIRMED'],
    ]);

    const [otherSupport, otherViewer] = await Promise.all([
      staffMember(t, name('SupOther'), 'support'),
      staffMember(t, name('SupOtherViewer'), 'viewer'),
    ]);
    // Support on themselves: the actions allowed on one's own account are refused by their role.
    for (const target of [admin, otherSupport, support])
      for (const [action, rules] of Object.entries(STAFF_SUPPORT_ACTIONS))
        if (target !== support || rules.onSelf)
          expectErrors(await act(support, action, target.idUser, { Reason: 'r' }), 403, [
            ['', 'ERROR_STAFF_ROLE_INSUFFICIENT'],
          ]);
    // Below support: a viewer is a player like any other for support; an admin acts on support staff.
    expect((await act(support, 'sign-out-everywhere', otherViewer.idUser)).statusCode).toBe(200);
    expect((await act(admin, 'sign-out-everywhere', otherSupport.idUser)).statusCode).toBe(200);
    expectErrors(await call(t, 'GET', 'admin/me', otherSupport.token), 401, [['', 'ERROR_TOKEN_INVALID']]);
    expect((await eventsAbout(admin.idUser)).filter((e) => e.Type !== 'staff.role_granted')).toEqual([]);
  });
});
