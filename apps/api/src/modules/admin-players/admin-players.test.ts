/**
 * The operator console's players (issue 24 §2), on every store, through the real app: each role gets
 * what its permissions allow (`players.read` for the search and the page, `players.support` for lifting
 * a lock), a player without a role is refused; the search finds by Id_User, e-mail, partner sign-on
 * subject, linked SteamID and username prefix — exact matches first, each player once, `%` and `_` taken
 * literally — and its cursor walks every result once; the page shows the record, ban, role, factors,
 * sessions, throttle and the player's own export, never a secret; and the support journey: wrong
 * passwords until 429, the page shows the lock and its addresses, support lifts it (audited with the
 * reason), and the player logs in at once from the same address. Bad input is a §8 400, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type {
  AdminPlayerDetail,
  AdminPlayerSearchResponse,
  AdminPlayerThrottle,
  StaffAuditResponse,
} from '@guildgate/contracts';
import { STORES, json, startTestApp, type TestApp } from '../../test/harness.ts';
import { createPlayer, expectErrors, insertConnection, postLogin, type Player } from '../../test/helpers.ts';
import { call, type FactorPlayer, consoleCast } from '../staff/test-support.ts';

/** Small throttle numbers: two free failures per address, three on the account (per 15 minutes). */
const THROTTLE_ENV = { LOGIN_FREE_FAILURES: '2', LOGIN_ACCOUNT_FAILURES: '3' };
/** An Id_User no player has. */
const NOBODY = '00000000-0000-4000-8000-000000000000';

describe.each(STORES)('the console’s players on %s', (kind) => {
  let t: TestApp;
  let admin: FactorPlayer;
  let support: FactorPlayer;
  let viewer: FactorPlayer;
  /** A player without a role, and their token. */
  let player: Player;
  let playerToken: string;
  const name = (base: string) => `${base}${kind === 'sqlite' ? 'Sq' : 'Pg'}`;

  beforeAll(async () => {
    t = await startTestApp(kind, { env: THROTTLE_ENV });
    ({ admin, support, viewer, player, playerToken } = await consoleCast(t, 'P', name('')));
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  /** GET `url` as `token`, expecting 200. */
  const get = async <T>(url: string, token: string): Promise<T> => {
    const res = await call(t, 'GET', url, token);
    expect(res.statusCode, res.body).toBe(200);
    return json<T>(res);
  };
  const search = (q: string, token = viewer.token, extra = '') =>
    get<AdminPlayerSearchResponse>(`admin/players?q=${encodeURIComponent(q)}${extra}`, token);
  const liftLock = (target: string, token: string, payload: unknown = {}) =>
    call(t, 'POST', `admin/players/${target}/lift-lock`, token, payload);
  /** POST log/log-in of `who` with `password` from `ip`. */
  const logInFrom = (who: Player, password: string, ip: string): Promise<LightMyRequestResponse> =>
    postLogin(t, who.username, password, ip);

  it('gives each role what its permissions allow, and refuses a player without a role', async () => {
    const routes = [
      { method: 'GET', url: `admin/players?q=${player.username}`, support: false },
      { method: 'GET', url: `admin/players/${player.idUser}`, support: false },
      { method: 'POST', url: `admin/players/${player.idUser}/lift-lock`, support: true },
    ] as const;
    for (const route of routes) {
      const payload = route.method === 'POST' ? {} : undefined;
      for (const member of [admin, support])
        expect((await call(t, route.method, route.url, member.token, payload)).statusCode).toBe(200);
      const byViewer = await call(t, route.method, route.url, viewer.token, payload);
      if (route.support) expectErrors(byViewer, 403, [['', 'ERROR_STAFF_ROLE_INSUFFICIENT']]);
      else expect(byViewer.statusCode).toBe(200);
      const byPlayer = await call(t, route.method, route.url, playerToken, payload);
      expectErrors(byPlayer, 403, [['', 'ERROR_STAFF_ROLE_REQUIRED']]);
      expect(byPlayer.headers['cache-control']).toBe('no-store');
    }
  });

  it('answers bad input with a §8 400 and an unknown player with 404 ERROR_USER_UNKNOWN', async () => {
    for (const q of ['', '   ', 'x'.repeat(255), ` ${'y'.repeat(255)} `])
      expectErrors(await call(t, 'GET', `admin/players?q=${encodeURIComponent(q)}`, viewer.token), 400, [
        ['q', 'ERROR_FIELD_INVALID'],
      ]);
    expectErrors(await call(t, 'GET', 'admin/players', viewer.token), 400, [['q', 'ERROR_FIELD_INVALID']]);
    expectErrors(await call(t, 'GET', 'admin/players?q=a&q=b', viewer.token), 400, [
      ['q', 'ERROR_FIELD_INVALID'],
    ]);
    // 254 characters after trimming are allowed: nobody has such a name.
    expect(await search(` ${'z'.repeat(254)} `)).toEqual({ Players: [], NextCursor: null });
    for (const limit of ['0', '101', 'ten'])
      expectErrors(await call(t, 'GET', `admin/players?q=a&limit=${limit}`, viewer.token), 400, [
        ['limit', 'ERROR_FIELD_INVALID'],
      ]);
    for (const cursor of [
      'nope',
      Buffer.from('[2,"a"]').toString('base64url'),
      Buffer.from('{"a":1}').toString('base64url'),
      Buffer.from('[0,1]').toString('base64url'),
    ])
      expectErrors(await call(t, 'GET', `admin/players?q=a&cursor=${cursor}`, viewer.token), 400, [
        ['cursor', 'ERROR_CURSOR_INVALID'],
      ]);
    for (const bad of ['not-a-uuid', '1', "x' or 1=1 --"]) {
      expectErrors(await call(t, 'GET', `admin/players/${encodeURIComponent(bad)}`, viewer.token), 400, [
        ['idUser', 'ERROR_FIELD_INVALID'],
      ]);
      expectErrors(await liftLock(encodeURIComponent(bad), support.token), 400, [
        ['idUser', 'ERROR_FIELD_INVALID'],
      ]);
    }
    expectErrors(await liftLock(player.idUser, support.token, { Reason: 'r'.repeat(501) }), 400, [
      ['Reason', 'ERROR_FIELD_INVALID'],
    ]);
    expectErrors(await liftLock(player.idUser, support.token, { Reason: 3 }), 400, [
      ['Reason', 'ERROR_FIELD_INVALID'],
    ]);
    expect((await liftLock(player.idUser, support.token, [])).statusCode).toBe(400);
    expectErrors(await call(t, 'GET', `admin/players/${NOBODY}`, viewer.token), 404, [
      ['', 'ERROR_USER_UNKNOWN'],
    ]);
    expectErrors(await liftLock(NOBODY, support.token), 404, [['', 'ERROR_USER_UNKNOWN']]);
  });

  it('finds by Id_User, e-mail, partner sign-on subject, SteamID and username prefix, exact matches first, each once', async () => {
    const base = name('Qz'); // e.g. QzSq: the prefix these players share
    const low = base.toLowerCase();
    const [alpha, beta, gamma, delta, outsider] = await Promise.all([
      createPlayer(t, `${base}Alpha`),
      createPlayer(t, `${low}beta`),
      createPlayer(t, `${base.toUpperCase()}Gamma`),
      createPlayer(t, `${base}Delta`, { banned: true }),
      createPlayer(t, name('Outsider')),
    ]);
    // Partner sign-on subjects (as partner registration writes them) and a linked Steam account.
    await t.ctx.db
      .updateTable('users')
      .set({ auth_partner: 'focus', sso_id: low })
      .where('id', '=', gamma.id)
      .execute();
    await t.ctx.db
      .updateTable('users')
      .set({ auth_partner: 'creative-assembly', sso_id: low })
      .where('id', '=', outsider.id)
      .execute();
    await insertConnection(t, beta.id, 'steam', '76561198000000042', 'Beta on Steam');

    const only = async (q: string) => (await search(q)).Players.map((p) => [p.Username, p.MatchedBy]);
    expect(await only(alpha.idUser)).toEqual([[alpha.username, 'id']]);
    expect(await only(alpha.idUser.toUpperCase())).toEqual([[alpha.username, 'id']]);
    expect(await only(`  ${alpha.email.toUpperCase()}  `)).toEqual([[alpha.username, 'email']]);
    expect(await only('76561198000000042')).toEqual([[beta.username, 'steam']]);
    expect(await only(`${low}d`)).toEqual([[delta.username, 'username']]);
    // Wildcards are plain characters.
    expect(await only(`${low}%`)).toEqual([]);
    expect(await only(`${low}_lpha`)).toEqual([]);
    expect(await only('%')).toEqual([]);

    // The sign-on subject matches two players exactly (by username), then the prefix matches in username
    // order, Gamma once (as an exact match).
    const all = await search(low, viewer.token, '&limit=100');
    expect(all.NextCursor).toBeNull();
    expect(all.Players.map((p) => [p.Username, p.MatchedBy])).toEqual([
      [outsider.username, 'sso'],
      [gamma.username, 'sso'],
      [alpha.username, 'username'],
      [beta.username, 'username'],
      [delta.username, 'username'],
    ]);
    const shown = all.Players.find((p) => p.Id_User === delta.idUser);
    expect(shown).toEqual({
      Id_User: delta.idUser,
      Username: delta.username,
      Email: delta.email,
      EmailConfirmed: true,
      CreatedAt: expect.any(String),
      Banned: true,
      StaffRole: null,
      MatchedBy: 'username',
    });
    expect((await search(admin.username)).Players).toEqual([
      expect.objectContaining({ Id_User: admin.idUser, StaffRole: 'admin', Banned: false }),
    ]);

    // Page by page, across the two parts: every result once, in the same order.
    for (const limit of [1, 2, 3]) {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page: AdminPlayerSearchResponse = await search(
          low,
          support.token,
          `&limit=${String(limit)}${cursor ? `&cursor=${cursor}` : ''}`,
        );
        expect(page.Players.length).toBeLessThanOrEqual(limit);
        seen.push(...page.Players.map((p) => p.Id_User));
        cursor = page.NextCursor;
        pages += 1;
      } while (cursor);
      expect(seen, `limit ${String(limit)}`).toEqual(all.Players.map((p) => p.Id_User));
      expect(pages).toBe(Math.ceil(all.Players.length / limit));
    }
  });

  it('shows the player’s page: record, ban, role, factors, sessions, throttle and their own export, no secret', async () => {
    const banned = await createPlayer(t, name('PBanned'), { banned: true });
    await insertConnection(t, player.id, 'steam', '76561198000000777', 'Player on Steam');
    const page = await get<AdminPlayerDetail>(`admin/players/${player.idUser}`, viewer.token);
    expect(page.Player).toMatchObject({
      Id_User: player.idUser,
      Username: player.username,
      Email: player.email,
      EmailConfirmed: true,
      HasPassword: true,
      AuthPartner: null,
      SsoId: null,
    });
    expect(page.Ban).toEqual({ Banned: false, Since: null, Reason: null });
    expect(page.StaffRole).toBeNull();
    expect(page.SecondFactors).toEqual({ Totp: false, Passkeys: 0, RecoveryCodesLeft: 0 });
    expect(page.Sessions.length).toBeGreaterThan(0);
    expect(page.Sessions[0]).toEqual({
      SessionId: expect.any(String),
      Device: expect.any(Object),
      Ip: expect.any(String),
      CreatedAt: expect.any(String),
      LastUsedAt: expect.any(String),
    });
    expect(page.Throttle).toEqual({
      Locked: false,
      AccountFailures: 0,
      AccountFailureLimit: 3,
      AccountWindowEndsAt: null,
      Addresses: [],
    });
    expect(page.Data.account.idUser).toBe(player.idUser);
    expect(page.Data.connections.map((c) => [c.provider, c.accountId])).toEqual([
      ['steam', '76561198000000777'],
    ]);
    expect(page.Data.securityEvents.length).toBeGreaterThan(0);
    const stored = await t.ctx.db
      .selectFrom('users')
      .select(['password_hash', 'username_normalized'])
      .where('id', '=', player.id)
      .executeTakeFirstOrThrow();
    const body = JSON.stringify(page);
    expect(body).not.toContain(stored.password_hash);
    expect(body).not.toContain('"id":');
    // Viewing is not the player's own export: no `account.exported` event is written for them.
    const exported = await t.ctx.db
      .selectFrom('audit_events')
      .select('id')
      .where('user_id', '=', player.id)
      .where('type', '=', 'account.exported')
      .execute();
    expect(exported).toEqual([]);

    const staffPage = await get<AdminPlayerDetail>(`admin/players/${support.idUser}`, viewer.token);
    expect(staffPage.StaffRole).toBe('support');
    expect(staffPage.SecondFactors).toEqual({
      Totp: true,
      Passkeys: 0,
      RecoveryCodesLeft: expect.any(Number),
    });
    expect(staffPage.SecondFactors.RecoveryCodesLeft).toBe(support.recoveryCodes.length);

    const bannedPage = await get<AdminPlayerDetail>(`admin/players/${banned.idUser}`, viewer.token);
    expect(bannedPage.Ban).toEqual({ Banned: true, Since: expect.any(String), Reason: null });
  });

  it('the support journey: wrong passwords until 429, the lock and its addresses shown, lifted, then the log-in passes', async () => {
    const locked = await createPlayer(t, name('Locked'));
    const [home, other] = ['203.0.113.7', '198.51.100.4'];
    expect((await logInFrom(locked, 'Wrong1password', other)).statusCode).toBe(400);
    const statuses: number[] = [];
    while (statuses.at(-1) !== 429 && statuses.length < 10)
      statuses.push((await logInFrom(locked, `Wrong${String(statuses.length)}pass`, home)).statusCode);
    expect(statuses).toEqual([400, 400, 429]);
    // Locked: even the right password is refused now.
    expectErrors(await logInFrom(locked, locked.password, home), 429, [['', 'ERROR_RATE_LIMITED']]);

    const before = await get<AdminPlayerDetail>(`admin/players/${locked.idUser}`, viewer.token);
    expect(before.Throttle).toMatchObject({ Locked: true, AccountFailures: 3, AccountFailureLimit: 3 });
    expect(Date.parse(before.Throttle.AccountWindowEndsAt ?? '')).toBeGreaterThan(Date.now());
    expect(before.Throttle.Addresses.map((a) => [a.Ip, a.Failures])).toEqual([
      [home, 2],
      [other, 1],
    ]);

    expectErrors(await liftLock(locked.idUser, viewer.token), 403, [['', 'ERROR_STAFF_ROLE_INSUFFICIENT']]);
    expectErrors(await liftLock(locked.idUser, playerToken), 403, [['', 'ERROR_STAFF_ROLE_REQUIRED']]);
    const lifted = await liftLock(locked.idUser, support.token, { Reason: '  Called support, ID checked  ' });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(json<AdminPlayerThrottle>(lifted)).toEqual({
      Locked: false,
      AccountFailures: 0,
      AccountFailureLimit: 3,
      AccountWindowEndsAt: null,
      Addresses: [
        { Ip: home, Failures: 0, BackoffUntil: null },
        { Ip: other, Failures: 0, BackoffUntil: null },
      ],
    });

    // The same player, from the same address, gets in at once.
    const login = await logInFrom(locked, locked.password, home);
    expect(login.statusCode, login.body).toBe(200);
    expect(json<{ Created: string }>(login).Created).not.toBe('');

    const trail = await get<StaffAuditResponse>(`admin/audit?target=${locked.idUser}`, viewer.token);
    expect(
      trail.Events.map(({ Type, Actor, Target, Changes }) => ({ Type, Actor, Target, Changes })),
    ).toEqual([
      {
        Type: 'staff.player_lock_lifted',
        Actor: { Kind: 'staff', Id_User: support.idUser, Username: support.username },
        Target: { Id_User: locked.idUser, Username: locked.username },
        Changes: [
          { Field: 'accountFailures', From: '3', To: '0' },
          { Field: 'addressFailures', From: '3', To: '0' },
          { Field: 'reason', From: null, To: 'Called support, ID checked' },
        ],
      },
    ]);
    expect(trail.Events[0]?.Ip).not.toBeNull();
  });

  it('shows an address in back-off as a lock, and lifting it lets the player in from there', async () => {
    const player2 = await createPlayer(t, name('Backoff'));
    const ip = '192.0.2.55';
    // The two free failures of the address: its next attempt meets the back-off.
    for (const guess of ['Wrong1password', 'Wrong2password'])
      expect((await logInFrom(player2, guess, ip)).statusCode).toBe(400);
    // The back-off a long series of failures reaches (LOGIN_BACKOFF_MAX_SECONDS, 15 minutes by
    // default), taken in the throttle's own counter as startLoginAttempt takes it.
    const backoff = t.ctx.rateLimits.limiter('login-backoff', {
      points: 1,
      durationSeconds: t.config.loginThrottle.backoffMaxSeconds,
    });
    await backoff.consume(`${player2.idUser}|ip:${ip}`, 1, { customDuration: 600 });
    expectErrors(await logInFrom(player2, player2.password, ip), 429, [['', 'ERROR_RATE_LIMITED']]);

    const page = await get<AdminPlayerDetail>(`admin/players/${player2.idUser}`, support.token);
    expect(page.Throttle).toMatchObject({ Locked: true, AccountFailures: 2 });
    expect(page.Throttle.Addresses).toEqual([{ Ip: ip, Failures: 2, BackoffUntil: expect.any(String) }]);
    const until = Date.parse(page.Throttle.Addresses[0]?.BackoffUntil ?? '') - Date.now();
    expect(until).toBeGreaterThan(500_000);
    expect(until).toBeLessThanOrEqual(600_000);

    const lifted = await liftLock(player2.idUser, admin.token);
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(json<AdminPlayerThrottle>(lifted)).toMatchObject({
      Locked: false,
      Addresses: [{ Ip: ip, Failures: 0, BackoffUntil: null }],
    });
    expect((await logInFrom(player2, player2.password, ip)).statusCode).toBe(200);
    const trail = await get<StaffAuditResponse>(`admin/audit?target=${player2.idUser}`, viewer.token);
    expect(trail.Events.map((e) => [e.Type, e.Actor.Id_User, e.Changes])).toEqual([
      [
        'staff.player_lock_lifted',
        admin.idUser,
        [
          { Field: 'accountFailures', From: '2', To: '0' },
          { Field: 'addressFailures', From: '2', To: '0' },
        ],
      ],
    ]);
  });
});
