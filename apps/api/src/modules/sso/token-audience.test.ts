/**
 * Tokens stay in their lane (issue 17 §1; DESIGN.md §5 "tokens are audience-bound"; RFC 9068 §4,
 * RFC 8707): a token the hub minted for a partner client (`aud` = that client, scope `openid profile`)
 * is refused with 401 on every player route of the fuzz tables and as the bearer of anonymous calls
 * (so GET oauth never issues a code on it); it still works where a partner needs it (token/verify,
 * token/refresh with the client's own authentication). The portal's own tokens carry scope `account`.
 */
import { sha256 } from '../../lib/crypto.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import type { InjectOptions } from 'fastify';
import { ANONYMOUS, STORES, json } from '../../test/harness.ts';
import { bodyRouteTable, getRouteTable, type FuzzSubject } from '../../test/bad-input-support.ts';
import { logIn } from '../../test/helpers.ts';
import {
  AUTHORIZATION,
  CLIENT,
  basic,
  firstCode,
  getOAuth,
  startHub,
  tokensOf,
  type Hub,
  type HubTokens,
} from './test-support.ts';

describe.each(STORES)('token audiences on %s', (kind) => {
  let hub: Hub;
  let partner: HubTokens;
  let counter = 0;

  beforeAll(async () => {
    hub = await startHub(kind, 'LanePlayer1');
    partner = await tokensOf(hub);
  });
  afterAll(async () => {
    await hub.t.close();
  });

  it("mints the portal's tokens with scope account and a partner's with scope openid profile", async () => {
    expect(decodeJwt(hub.bearer)).toMatchObject({ aud: hub.t.config.portalClientId, scope: 'account' });
    // A partner's token is the OpenID Provider's (opaque, issue 21 §2), of that client and scope.
    const stored = await hub.t.ctx.db
      .selectFrom('oidc_payloads')
      .select('payload')
      .where('model', '=', 'AccessToken')
      .where('id_hash', '=', sha256(partner.access_token))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.payload)).toMatchObject({ clientId: CLIENT, scope: 'openid profile' });
  });

  it("refuses a partner's token with 401 on every player route of the fuzz tables", async () => {
    const subject: FuzzSubject = {
      player: () => hub.player,
      token: () => partner.access_token,
      next: () => (counter += 1),
    };
    const carriesPartnerToken = (headers: Record<string, string>) =>
      headers.authorization === `Bearer ${partner.access_token}`;
    const calls: Array<{ name: string; options: InjectOptions }> = [
      ...bodyRouteTable(subject)
        .filter((route) => carriesPartnerToken(route.headers()))
        .map((route) => ({
          name: route.name,
          options: {
            method: 'POST' as const,
            url: route.url(),
            headers: route.headers(),
            payload: route.valid(),
          },
        })),
      ...getRouteTable(subject)
        .filter((route) => carriesPartnerToken(route.headers))
        .map((route) => ({
          name: route.name,
          options: { method: 'GET' as const, url: route.url, headers: route.headers },
        })),
    ];
    expect(calls.length).toBeGreaterThan(20);
    const accepted: string[] = [];
    for (const { name, options } of calls) {
      const res = await hub.t.app.inject(options);
      if (res.statusCode !== 401 || firstCode(res) !== 'ERROR_TOKEN_INVALID')
        accepted.push(`${name} → ${res.statusCode} ${res.body.slice(0, 100)}`);
    }
    expect(accepted).toEqual([]);
    // The partner's session is untouched by all of that: its token still verifies for the partner.
    const verified = await hub.t.app.inject({
      method: 'GET',
      url: `/api/token/verify?${new URLSearchParams({ client_id: CLIENT, access_token: partner.access_token })}`,
      headers: ANONYMOUS,
    });
    expect(verified.statusCode, verified.body).toBe(200);
  });

  it("reads no profile and changes no password with a partner's token", async () => {
    const headers = { 'x-api-key': ANONYMOUS['x-api-key'], authorization: `Bearer ${partner.access_token}` };
    const profile = await hub.t.app.inject({
      method: 'GET',
      url: `/api/profile/user/${hub.player.idUser}`,
      headers,
    });
    expect(profile.statusCode).toBe(401);
    const reset = await hub.t.app.inject({
      method: 'POST',
      url: '/api/password/password-reset',
      headers,
      payload: { OldPassword: null, Password: 'Taken2Over99', ConfirmPassword: 'Taken2Over99' },
    });
    expect(reset.statusCode).toBe(401);
    // The player's password is what it was.
    expect(await logIn(hub.t, hub.player)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("issues no authorization code on a partner's token, for any client", async () => {
    const codes = () =>
      hub.t.ctx.db
        .selectFrom('oidc_payloads')
        .select('id_hash')
        .where('model', '=', 'AuthorizationCode')
        .execute();
    const before = await codes();
    const headers = { 'x-api-key': ANONYMOUS['x-api-key'], authorization: `Bearer ${partner.access_token}` };
    for (const client_id of [CLIENT, 'wiki-example']) {
      const res = await getOAuth(hub, { ...AUTHORIZATION, client_id }, headers);
      expect(res.statusCode, res.body).toBe(401);
      expect(firstCode(res)).toBe('ERROR_TOKEN_INVALID');
    }
    const after = await codes();
    expect(after).toHaveLength(before.length);
  });

  it("opens a portal session at log-in even when the form names a partner's client", async () => {
    const login = await hub.t.app.inject({
      method: 'POST',
      url: '/api/log/log-in',
      headers: ANONYMOUS,
      payload: { UsernameOrEmail: hub.player.username, Password: hub.player.password, ClientId: CLIENT },
    });
    expect(login.statusCode, login.body).toBe(200);
    const token = await hub.t.app.inject({
      method: 'GET',
      url: `/api/token/${json<{ Created: string }>(login).Created}`,
      headers: ANONYMOUS,
    });
    const claims = decodeJwt(json<{ Value: string }>(token).Value);
    expect(claims).toMatchObject({ aud: hub.t.config.portalClientId, scope: 'account' });
  });

  it("refuses a confidential partner's refresh without its client authentication, and accepts it with", async () => {
    const tokens = await tokensOf(hub);
    const query = new URLSearchParams({
      client_id: CLIENT,
      access_token: tokens.access_token,
      refresh_token: tokens.refresh_token,
    });
    const anonymous = await hub.t.app.inject({
      method: 'GET',
      url: `/api/token/refresh?${query}`,
      headers: ANONYMOUS,
    });
    expect(anonymous.statusCode, anonymous.body).toBe(401);
    expect(anonymous.headers['www-authenticate']).toMatch(/^Basic /);
    const wrongSecret = await hub.t.app.inject({
      method: 'GET',
      url: `/api/token/refresh?${query}`,
      headers: { 'x-api-key': ANONYMOUS['x-api-key'], authorization: basic(CLIENT, 'not-the-secret') },
    });
    expect(wrongSecret.statusCode).toBe(401);
    const otherClient = await hub.t.app.inject({
      method: 'GET',
      url: `/api/token/refresh?${query}`,
      headers: { 'x-api-key': ANONYMOUS['x-api-key'], authorization: basic('wiki-example', hub.otherSecret) },
    });
    expect(otherClient.statusCode).toBe(400);
    expect(firstCode(otherClient)).toBe('ERROR_TOKEN_INVALID');
    // None of those spent the refresh token: the client's own authenticated call rotates it.
    const authenticated = await hub.t.app.inject({
      method: 'GET',
      url: `/api/token/refresh?${query}`,
      headers: { 'x-api-key': ANONYMOUS['x-api-key'], authorization: basic(CLIENT, hub.secret) },
    });
    expect(authenticated.statusCode, authenticated.body).toBe(200);
    const next = json<{ AccessToken: string }>(authenticated);
    const verified = await hub.t.app.inject({
      method: 'GET',
      url: `/api/token/verify?${new URLSearchParams({ client_id: CLIENT, access_token: next.AccessToken })}`,
      headers: ANONYMOUS,
    });
    expect(verified.statusCode, verified.body).toBe(200);
  });
});
