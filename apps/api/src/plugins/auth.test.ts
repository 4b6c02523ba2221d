/**
 * Who may call what (spec §6; DESIGN.md §4): every /api route of the first journey requires a known
 * x-api-key and a bearer (the anonymous bearer or a player's access token; user routes only the
 * latter), a player reaches only their own data, a revoked session's token is dead; health, docs and
 * unknown paths.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import type { Token } from '@guildgate/contracts';
import {
  ANONYMOUS,
  STORES,
  TEST_ANONYMOUS_BEARER,
  TEST_API_KEY,
  asUser,
  json,
  registerForm,
  startTestApp,
  type TestApp,
} from '../test/harness.ts';
import { createPlayer, expectErrors, sessionOf, type Player } from '../test/helpers.ts';

interface RouteCase {
  /** As written in spec §7. */
  name: string;
  /** OpenAPI path (relative to /api). */
  docPath: string;
  user: boolean;
  request: () => InjectOptions;
}

describe.each(STORES)('authentication and authorisation on %s', (kind) => {
  let t: TestApp;
  let player: Player;
  let other: Player;
  let session: { identity: string; token: Token };
  let otherSession: { identity: string; token: Token };

  const routes: RouteCase[] = [
    {
      name: 'GET redirect/allowed-redirect-domains',
      docPath: '/redirect/allowed-redirect-domains',
      user: false,
      request: () => ({ method: 'GET', url: '/api/redirect/allowed-redirect-domains' }),
    },
    {
      name: 'POST register/new-user',
      docPath: '/register/new-user',
      user: false,
      request: () => ({ method: 'POST', url: '/api/register/new-user', payload: registerForm('AuthProbe1') }),
    },
    {
      name: 'POST register/verify',
      docPath: '/register/verify',
      user: false,
      request: () => ({
        method: 'POST',
        url: '/api/register/verify',
        payload: { VerificationCode: 'unknown' },
      }),
    },
    {
      name: 'POST email/confirm',
      docPath: '/email/confirm',
      user: false,
      request: () => ({ method: 'POST', url: '/api/email/confirm', payload: { Uid: 'unknown' } }),
    },
    {
      name: 'POST email/send-confirmation-email',
      docPath: '/email/send-confirmation-email',
      user: false,
      request: () => ({
        method: 'POST',
        url: '/api/email/send-confirmation-email',
        payload: { Email: 'nobody@players.test' },
      }),
    },
    {
      name: 'POST log/identify',
      docPath: '/log/identify',
      user: false,
      request: () => ({
        method: 'POST',
        url: '/api/log/identify',
        payload: { UsernameOrEmail: player.username },
      }),
    },
    {
      name: 'POST log/log-in',
      docPath: '/log/log-in',
      user: false,
      request: () => ({
        method: 'POST',
        url: '/api/log/log-in',
        payload: { UsernameOrEmail: player.username, Password: player.password },
      }),
    },
    {
      name: 'POST log/user/{id}/log-in',
      docPath: '/log/user/{id}/log-in',
      user: false,
      request: () => ({
        method: 'POST',
        url: `/api/log/user/${player.idUser}/log-in`,
        payload: { Password: player.password },
      }),
    },
    {
      name: 'GET token/{identity}',
      docPath: '/token/{identity}',
      user: false,
      request: () => ({ method: 'GET', url: `/api/token/${session.identity}` }),
    },
    {
      name: 'GET token/refresh',
      docPath: '/token/refresh',
      user: false,
      request: () => ({
        method: 'GET',
        url: '/api/token/refresh',
        query: { access_token: 'x', refresh_token: 'y', client_id: 'guildgate-portal' },
      }),
    },
    {
      name: 'GET token/verify',
      docPath: '/token/verify',
      user: false,
      request: () => ({
        method: 'GET',
        url: '/api/token/verify',
        query: { access_token: session.token.Value, client_id: 'guildgate-portal' },
      }),
    },
    {
      name: 'GET profile/user/{id}?include=Block',
      docPath: '/profile/user/{id}',
      user: true,
      request: () => ({ method: 'GET', url: `/api/profile/user/${player.idUser}?include=Block` }),
    },
    {
      name: 'GET profile/connects',
      docPath: '/profile/connects',
      user: true,
      request: () => ({ method: 'GET', url: '/api/profile/connects' }),
    },
    {
      // The player has no Steam account linked: the legitimate call is refused with a 400.
      name: 'POST survey/qualification',
      docPath: '/survey/qualification',
      user: true,
      request: () => ({
        method: 'POST',
        url: '/api/survey/qualification',
        payload: { SteamId: '', Username: player.username },
      }),
    },
    {
      name: 'POST log/user/{id}/log-out',
      docPath: '/log/user/{id}/log-out',
      user: true,
      request: () => ({ method: 'POST', url: `/api/log/user/${player.idUser}/log-out` }),
    },
  ];
  const userRoutes = routes.filter((r) => r.user);

  /** Calls `route` with exactly `headers`. */
  const call = (route: RouteCase, headers: Record<string, string>) =>
    t.app.inject({ ...route.request(), headers });
  /** The headers a legitimate caller of `route` sends. */
  const goodHeaders = (route: RouteCase) => (route.user ? asUser(session.token.Value) : { ...ANONYMOUS });

  beforeAll(async () => {
    t = await startTestApp(kind);
    player = await createPlayer(t, 'AuthPlayer1');
    other = await createPlayer(t, 'AuthOther1');
    session = await sessionOf(t, player);
    otherSession = await sessionOf(t, other);
  });
  afterAll(async () => {
    await t.close();
  });

  describe.each(routes.map((r) => [r.name, r] as const))('%s', (_name, route) => {
    it('refuses a missing x-api-key', async () => {
      const { 'x-api-key': _key, ...headers } = goodHeaders(route);
      expectErrors(await call(route, headers), 401, [['', 'ERROR_API_KEY_INVALID']]);
    });

    it.each(['wrong-key', '', TEST_ANONYMOUS_BEARER, `${TEST_API_KEY} `])(
      'refuses the x-api-key %j',
      async (key) => {
        expectErrors(await call(route, { ...goodHeaders(route), 'x-api-key': key }), 401, [
          ['', 'ERROR_API_KEY_INVALID'],
        ]);
      },
    );

    it('refuses a missing bearer', async () => {
      expectErrors(await call(route, { 'x-api-key': TEST_API_KEY }), 401, [['', 'ERROR_UNAUTHORIZED']]);
    });

    it.each([`Basic ${Buffer.from('a:b').toString('base64')}`, 'Bearer', 'Bearer ', TEST_ANONYMOUS_BEARER])(
      'refuses the authorization header %j',
      async (authorization) => {
        expectErrors(await call(route, { 'x-api-key': TEST_API_KEY, authorization }), 401, [
          ['', 'ERROR_UNAUTHORIZED'],
        ]);
      },
    );

    it('refuses a wrong anonymous bearer', async () => {
      const res = await call(route, {
        'x-api-key': TEST_API_KEY,
        authorization: 'Bearer wrong-anonymous-bearer',
      });
      expectErrors(res, 401, [['', 'ERROR_TOKEN_INVALID']]);
    });

    it('refuses a malformed body only after the caller is known (401 before 400)', async () => {
      const request = route.request();
      if (request.method !== 'POST') return;
      const res = await t.app.inject({
        method: 'POST',
        url: request.url,
        headers: { 'x-api-key': TEST_API_KEY, 'content-type': 'application/json' },
        payload: '{"not json',
      });
      expectErrors(res, 401, [['', 'ERROR_UNAUTHORIZED']]);
    });

    it('accepts the bearer scheme in any case (RFC 7235)', async () => {
      const good = goodHeaders(route);
      const authorization = good.authorization.replace(/^Bearer/, 'bEARER');
      const res = await call(route, { ...good, authorization });
      expect(res.statusCode, res.body).not.toBe(401);
      if (route.name.endsWith('log-out')) session = await sessionOf(t, player);
    });

    it('lets the legitimate caller through', async () => {
      const res = await call(route, goodHeaders(route));
      expect(res.statusCode, res.body).not.toBe(401);
      expect(res.statusCode, res.body).not.toBe(403);
      if (route.name.endsWith('log-out')) session = await sessionOf(t, player);
    });
  });

  describe.each(userRoutes.map((r) => [r.name, r] as const))('user route %s', (_name, route) => {
    it('refuses the anonymous bearer', async () => {
      expectErrors(await call(route, ANONYMOUS), 401, [['', 'ERROR_TOKEN_INVALID']]);
    });

    it("refuses a logged-out session's token", async () => {
      const revoked = await sessionOf(t, player);
      const out = await t.app.inject({
        method: 'POST',
        url: `/api/log/user/${player.idUser}/log-out`,
        headers: asUser(revoked.token.Value),
      });
      expect(out.statusCode).toBe(200);
      expectErrors(await call(route, asUser(revoked.token.Value)), 401, [['', 'ERROR_TOKEN_INVALID']]);
    });
  });

  it("refuses another player's token on profile/user/{id} with 403", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/profile/user/${player.idUser}?include=Block`,
      headers: asUser(otherSession.token.Value),
    });
    expectErrors(res, 403, [['', 'ERROR_FORBIDDEN']]);
    expect(res.body).not.toContain(player.email);
  });

  it('refuses to log another player out (403) and leaves their session alive', async () => {
    const victim = await sessionOf(t, player);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/log/user/${player.idUser}/log-out`,
      headers: asUser(otherSession.token.Value),
    });
    expectErrors(res, 403, [['', 'ERROR_FORBIDDEN']]);
    const still = await t.app.inject({
      method: 'GET',
      url: `/api/token/${victim.identity}`,
      headers: ANONYMOUS,
    });
    expect(still.statusCode).toBe(200);
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/profile/user/${other.idUser}`,
      headers: asUser(otherSession.token.Value),
    });
    expect(own.statusCode).toBe(200);
  });

  it('accepts a player token on anonymous routes, but not a revoked one', async () => {
    const s = await sessionOf(t, player);
    const ok = await t.app.inject({
      method: 'GET',
      url: '/api/redirect/allowed-redirect-domains',
      headers: asUser(s.token.Value),
    });
    expect(ok.statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: `/api/log/user/${player.idUser}/log-out`,
      headers: asUser(s.token.Value),
    });
    const dead = await t.app.inject({
      method: 'GET',
      url: '/api/redirect/allowed-redirect-domains',
      headers: asUser(s.token.Value),
    });
    expectErrors(dead, 401, [['', 'ERROR_TOKEN_INVALID']]);
  });

  it('serves GET /api/health and /api/ready without any key', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(json(health)).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(json(ready)).toMatchObject({ status: 'ready' });
  });

  it.each([
    ['GET', '/api/no-such-route', {}],
    ['GET', '/api/no-such-route', ANONYMOUS],
    ['POST', '/api/log/nothing', ANONYMOUS],
    ['DELETE', '/api/log/identify', ANONYMOUS],
    ['GET', '/api', {}],
    ['GET', '/api/profile/user', ANONYMOUS],
  ] as const)('answers %s %s with the §8 404', async (method, url, headers) => {
    expectErrors(await t.app.inject({ method, url, headers }), 404, [['', 'ERROR_NOT_FOUND']]);
  });

  it('lists every route of the journey in the OpenAPI document at GET /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const doc = json<{ openapi: string; paths: Partial<Record<string, Record<string, unknown>>> }>(res);
    expect(doc.openapi).toMatch(/^3\./);
    for (const route of routes) {
      const method = route.request().method!.toString().toLowerCase();
      expect(doc.paths[route.docPath]?.[method], `${route.name} in /api/docs`).toBeDefined();
    }
    expect(res.body).not.toMatch(/password_hash/i);
  });
});
