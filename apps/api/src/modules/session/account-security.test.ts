/**
 * The account's Security page on every store (issue 22 §5 "Where you're signed in", §7 "Recent
 * activity"): GET account/sessions lists the caller's active sessions with their parsed device, "This
 * device" on the caller's own, and not the ended or idle ones; signing another session out makes its
 * access token fail at once (401 on a player call), its identity handle and refresh token too, and
 * leaves the caller's; another player's session is an unknown one; "sign out everywhere else" keeps the
 * caller. GET account/activity lists the caller's own security events of the last 90 days, newest
 * first, by pages, in a safe shape without the stored detail. Both answer 404 with their flag off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ENDPOINTS,
  endpointPath,
  type AccountSession,
  type ActivityResponse,
  type Token,
} from '@guildgate/contracts';
import { ANONYMOUS, asUser, json, STORES, startTestApp, type TestApp } from '../../test/harness.ts';
import { createPlayer, expectErrors, getToken, type Player } from '../../test/helpers.ts';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const DAY_MS = 86_400_000;

/** A player's session as a device holds it: the identity handle and its tokens. */
interface DeviceSession {
  identity: string;
  token: Token;
}

describe.each(STORES)('account security on %s', (kind) => {
  let t: TestApp;
  let alice: Player;
  let bob: Player;

  beforeAll(async () => {
    t = await startTestApp(kind);
    [alice, bob] = await Promise.all([createPlayer(t, 'SecAlice'), createPlayer(t, 'SecBob')]);
  });
  afterAll(() => t.close());

  /** Logs `player` in from `userAgent` and `ip` and gets the session's tokens. */
  const signIn = async (player: Player, userAgent: string, ip = '203.0.113.7'): Promise<DeviceSession> => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/log/log-in',
      headers: { ...ANONYMOUS, 'user-agent': userAgent },
      remoteAddress: ip,
      payload: { UsernameOrEmail: player.username, Password: player.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    const identity = json<{ Created: string }>(res).Created;
    const token = await getToken(t, identity);
    expect(token.statusCode, token.body).toBe(200);
    return { identity, token: json<Token>(token) };
  };
  const call = (method: 'GET' | 'POST', path: string, bearer: string, query?: Record<string, string>) =>
    t.app.inject({
      method,
      url: `/api/${path}`,
      headers: { ...asUser(bearer), 'user-agent': CHROME_WINDOWS },
      ...(query ? { query } : {}),
    });
  const sessions = async (device: DeviceSession) => {
    const res = await call('GET', ENDPOINTS.getAccountSessions.path, device.token.Value);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return json<AccountSession[]>(res);
  };
  const signOut = (device: DeviceSession, sessionId: string) =>
    call('POST', endpointPath(ENDPOINTS.postAccountSessionsSignOut, { sessionId }), device.token.Value);
  /** A player call with `device`'s access token (GET profile/user/{id}). */
  const profile = (device: DeviceSession, player: Player) =>
    call('GET', endpointPath(ENDPOINTS.getProfileUser, { id: player.idUser }), device.token.Value);
  const activity = async (device: DeviceSession, query: Record<string, string> = {}) => {
    const res = await call('GET', ENDPOINTS.getAccountActivity.path, device.token.Value, query);
    expect(res.statusCode, res.body).toBe(200);
    return json<ActivityResponse>(res);
  };

  it('lists both sessions with their devices, "This device" first, and signs the other out at once', async () => {
    const laptop = await signIn(alice, CHROME_WINDOWS, '203.0.113.7');
    const phone = await signIn(alice, SAFARI_IPHONE, '198.51.100.9');
    const listed = await sessions(laptop);
    expect(listed).toHaveLength(2);
    expect(listed[0]).toMatchObject({
      Current: true,
      Ip: '203.0.113.7',
      Device: { Browser: 'Chrome 131', Os: 'Windows 10', Type: 'desktop', Model: null },
    });
    expect(listed[1]).toMatchObject({
      Current: false,
      Ip: '198.51.100.9',
      Device: { Browser: 'Mobile Safari 17', Os: 'iOS 17.5', Type: 'mobile', Model: 'Apple iPhone' },
    });
    expect(Date.parse(listed[1].CreatedAt)).toBeLessThanOrEqual(Date.parse(listed[1].LastUsedAt));
    expect(JSON.stringify(listed)).not.toContain(phone.identity);

    expect((await profile(phone, alice)).statusCode).toBe(200);
    const res = await signOut(laptop, listed[1].SessionId);
    expect(res.statusCode, res.body).toBe(200);
    // The phone's access token is refused by the next call, its handle and refresh token get nothing.
    expectErrors(await profile(phone, alice), 401, [['', 'ERROR_TOKEN_INVALID']]);
    expect((await getToken(t, phone.identity)).statusCode).toBe(400);
    const refreshed = await t.app.inject({
      method: 'GET',
      url: '/api/token/refresh',
      headers: ANONYMOUS,
      query: {
        access_token: phone.token.Value,
        refresh_token: phone.token.Refresh,
        client_id: t.config.portalClientId,
      },
    });
    expectErrors(refreshed, 400, [['', 'ERROR_TOKEN_INVALID_REFRESH']]);
    // The laptop goes on.
    expect((await profile(laptop, alice)).statusCode).toBe(200);
    expect((await sessions(laptop)).map((s) => s.Current)).toEqual([true]);
    // Signing it out again, or the caller's own session, is refused as unknown.
    expectErrors(await signOut(laptop, listed[1].SessionId), 400, [['sessionId', 'ERROR_SESSION_UNKNOWN']]);
    expectErrors(await signOut(laptop, listed[0].SessionId), 400, [['sessionId', 'ERROR_SESSION_UNKNOWN']]);

    const events = (await activity(laptop)).Events;
    expect(events[0]).toMatchObject({
      Type: 'session.signed_out_remotely',
      Device: { Browser: 'Chrome 131' },
      Client: null,
    });
  });

  it("never signs out nor reveals another player's session", async () => {
    const aliceDevice = await signIn(alice, CHROME_WINDOWS);
    const bobDevice = await signIn(bob, SAFARI_IPHONE);
    const [bobSession] = await sessions(bobDevice);
    expect((await sessions(aliceDevice)).map((s) => s.SessionId)).not.toContain(bobSession.SessionId);
    expectErrors(await signOut(aliceDevice, bobSession.SessionId), 400, [
      ['sessionId', 'ERROR_SESSION_UNKNOWN'],
    ]);
    expectErrors(await signOut(aliceDevice, 'no-such-session'), 400, [
      ['sessionId', 'ERROR_SESSION_UNKNOWN'],
    ]);
    expect((await profile(bobDevice, bob)).statusCode).toBe(200);
  });

  it('does not list idle or expired sessions', async () => {
    const here = await signIn(bob, CHROME_WINDOWS);
    const idle = await signIn(bob, SAFARI_IPHONE);
    const expired = await signIn(bob, SAFARI_IPHONE);
    const ids = (await sessions(here)).map((s) => s.SessionId);
    const idOf = async (device: DeviceSession) => (await sessions(device)).find((s) => s.Current)!.SessionId;
    const [idleId, expiredId] = [await idOf(idle), await idOf(expired)];
    expect(ids).toEqual(expect.arrayContaining([idleId, expiredId]));
    const longAgo = new Date(Date.now() - 60 * DAY_MS).toISOString();
    await t.ctx.db.updateTable('sessions').set({ last_used_at: longAgo }).where('id', '=', idleId).execute();
    await t.ctx.db.updateTable('sessions').set({ expires_at: longAgo }).where('id', '=', expiredId).execute();
    const left = (await sessions(here)).map((s) => s.SessionId);
    expect(left).not.toContain(idleId);
    expect(left).not.toContain(expiredId);
    expectErrors(await signOut(here, idleId), 400, [['sessionId', 'ERROR_SESSION_UNKNOWN']]);
  });

  it('signs out everywhere else and keeps the caller', async () => {
    const carol = await createPlayer(t, 'SecCarol');
    const devices = [
      await signIn(carol, CHROME_WINDOWS),
      await signIn(carol, SAFARI_IPHONE),
      await signIn(carol, SAFARI_IPHONE),
    ];
    const res = await call('POST', ENDPOINTS.postAccountSessionsSignOutOthers.path, devices[0].token.Value);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ SignedOut: 2 });
    expect((await profile(devices[0], carol)).statusCode).toBe(200);
    for (const other of devices.slice(1)) expect((await profile(other, carol)).statusCode).toBe(401);
    expect(await sessions(devices[0])).toHaveLength(1);
    const [latest] = (await activity(devices[0])).Events;
    expect(latest.Type).toBe('session.signed_out_others');
  });

  it("lists the player's own events of 90 days, newest first, by pages, without the stored detail", async () => {
    const dave = await createPlayer(t, 'SecDave');
    const device = await signIn(dave, CHROME_WINDOWS, '192.0.2.44');
    await signIn(bob, CHROME_WINDOWS);
    const at = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
    await t.ctx.db
      .insertInto('audit_events')
      .values([
        {
          user_id: dave.id,
          type: 'password.changed',
          ip: '192.0.2.1',
          detail: '{"secret":"s3cr3t-value"}',
          created_at: at(1),
        },
        {
          user_id: dave.id,
          type: 'oidc.code_issued',
          ip: null,
          detail: '{"clientId":"guild-forum","scope":"openid"}',
          created_at: at(2),
        },
        { user_id: dave.id, type: 'email.updated', ip: null, detail: 'not json', created_at: at(3) },
        { user_id: dave.id, type: 'cookie.consent_set', ip: null, detail: '{}', created_at: at(4) },
        { user_id: dave.id, type: 'password.changed', ip: null, detail: '{}', created_at: at(91) },
      ])
      .execute();
    const first = await activity(device);
    expect(first.Events.map((e) => e.Type)).toEqual([
      'session.created',
      'password.changed',
      'oidc.code_issued',
      'email.updated',
    ]);
    expect(first.Events[0]).toMatchObject({
      Ip: '192.0.2.44',
      Device: { Browser: 'Chrome 131' },
      Client: null,
    });
    expect(first.Events[1]).toMatchObject({
      Type: 'password.changed',
      Ip: '192.0.2.1',
      Device: null,
      Client: null,
    });
    expect(Object.keys(first.Events[1]).sort()).toEqual(['At', 'Client', 'Device', 'Ip', 'Type']);
    expect(first.Events[2].Client).toBe('guild-forum');
    expect(first.NextCursor).toBeNull();
    expect(JSON.stringify(first)).not.toContain('s3cr3t');

    const page1 = await activity(device, { limit: '2' });
    expect(page1.Events.map((e) => e.Type)).toEqual(['session.created', 'password.changed']);
    const page2 = await activity(device, { limit: '2', cursor: page1.NextCursor! });
    expect(page2.Events.map((e) => e.Type)).toEqual(['oidc.code_issued', 'email.updated']);
    expect(page2.NextCursor).toBeNull();

    const bad = await call('GET', ENDPOINTS.getAccountActivity.path, device.token.Value, {
      cursor: 'bm9wZQ',
    });
    expectErrors(bad, 400, [['cursor', 'ERROR_ACTIVITY_CURSOR_INVALID']]);
    const tooMany = await call('GET', ENDPOINTS.getAccountActivity.path, device.token.Value, { limit: '51' });
    expect(tooMany.statusCode).toBe(400);
  });

  it('needs a bearer', async () => {
    for (const path of [ENDPOINTS.getAccountSessions.path, ENDPOINTS.getAccountActivity.path]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/${path}`, headers: ANONYMOUS });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe.each(STORES)('account security with its flags off on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, {
      env: { FEATURE_SECURITY_SESSIONS: 'false', FEATURE_SECURITY_ACTIVITY: 'false' },
    });
  });
  afterAll(() => t.close());

  it('answers 404 to every call of the page', async () => {
    const player = await createPlayer(t, 'SecOff');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/log/log-in',
      headers: ANONYMOUS,
      payload: { UsernameOrEmail: player.username, Password: player.password },
    });
    const token = json<Token>(await getToken(t, json<{ Created: string }>(login).Created));
    const calls = [
      ['GET', ENDPOINTS.getAccountSessions.path],
      ['POST', endpointPath(ENDPOINTS.postAccountSessionsSignOut, { sessionId: 'any' })],
      ['POST', ENDPOINTS.postAccountSessionsSignOutOthers.path],
      ['GET', ENDPOINTS.getAccountActivity.path],
    ] as const;
    for (const [method, path] of calls) {
      const res = await t.app.inject({ method, url: `/api/${path}`, headers: asUser(token.Value) });
      expectErrors(res, 404, [['', 'ERROR_NOT_FOUND']]);
    }
    // The session stays: nothing was signed out.
    expect((await getToken(t, json<{ Created: string }>(login).Created)).statusCode).toBe(200);
  });
});
