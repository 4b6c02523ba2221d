/**
 * The hub as an OpenID Provider (issue 21), driven by `oauth4webapi` — a client nobody here wrote — over
 * real HTTP against a listening app, on every store: discovery (issuer, endpoints, PKCE S256 only,
 * signing algorithms; also on the API origin), the JWKS, the authorization code flow with PKCE through
 * the portal's interaction with a real log-in, ID-token validation (signature against the JWKS, claims),
 * userinfo with our claims, refresh-token rotation, introspection (a token of client A is inactive for
 * client B), the portal's player calls refusing the provider's tokens, and revocation; an interaction of another browser, a demand for a fresh log-in, and the
 * provider's rows erased with the player.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import * as oauth from 'oauth4webapi';
import { asUser, freePort, json, STORES, startTestApp, type TestApp } from '../../test/harness.ts';
import { createPlayer, getToken, logIn, type Player } from '../../test/helpers.ts';
import { authorizationRequest, CookieJar, HTTP, navigate, signInAt } from './test-support.ts';
import { issueClientSecret } from '../oauth-clients/index.ts';
import { rotateIdTokenSigningKey } from '../session/index.ts';
import { playerDataEraser, startOidcEngine } from './index.ts';

/** The partner clients of the suite. */
const CLIENT = 'oidc-forum';
const OTHER = 'oidc-wiki';
/** Their registered and allow-listed redirect URI. */
const REDIRECT_URI = 'https://partner.example/callback';
describe.each(STORES)('the OpenID Provider on %s', (kind) => {
  let t: TestApp;
  let base: string;
  let issuer: URL;
  let as: oauth.AuthorizationServer;
  let secret: string;
  let otherSecret: string;
  let player: Player;
  const client: oauth.Client = { client_id: CLIENT };
  const other: oauth.Client = { client_id: OTHER };

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await startTestApp(kind, {
      env: { PUBLIC_URL: base, REDIRECT_PATTERNS: 'https://partner.example/', OIDC_KEY_CHECK_SECONDS: '1' },
    });
    await t.app.listen({ port, host: '127.0.0.1' });
    secret = await issueClientSecret(t.ctx.db, CLIENT, 'Forum');
    otherSecret = await issueClientSecret(t.ctx.db, OTHER, 'Wiki');
    await t.ctx.db
      .updateTable('oauth_clients')
      .set({ redirect_uris: JSON.stringify([REDIRECT_URI]) })
      .where('client_id', 'in', [CLIENT, OTHER])
      .execute();
    player = await createPlayer(t, 'OidcPlayer1');
    issuer = new URL(`${base}/oidc`);
    as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, HTTP));
  });
  afterAll(async () => {
    await t.close();
  });

  /**
   * Signs `player` in through the provider as a browser does (test-support.ts `signInAt`), as client
   * `CLIENT`.
   */
  function signIn(scope = 'openid profile email', loggedIn = false, extra: Record<string, string> = {}) {
    const partner = { client, secret, redirectUri: REDIRECT_URI };
    return signInAt({ t, base, as, partner, player, scope, loggedIn, extra });
  }

  /** An authorization request of CLIENT (code + PKCE) for `scope`: its URL. */
  async function authorizationUrl(scope = 'openid'): Promise<string> {
    const url = new URL(as.authorization_endpoint!);
    url.search = new URLSearchParams({
      client_id: CLIENT,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope,
      state: 'again',
      code_challenge: await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier()),
      code_challenge_method: 'S256',
    }).toString();
    return url.href;
  }

  it('publishes a discovery document that names every endpoint, PKCE S256 only and its algorithms', async () => {
    expect(as.issuer).toBe(`${base}/oidc`);
    for (const endpoint of [
      'authorization_endpoint',
      'token_endpoint',
      'userinfo_endpoint',
      'jwks_uri',
      'introspection_endpoint',
      'revocation_endpoint',
      'end_session_endpoint',
    ] as const) {
      expect(as[endpoint], endpoint).toMatch(new RegExp(`^${base}/oidc/`));
    }
    expect(as.code_challenge_methods_supported).toEqual(['S256']);
    expect(as.response_types_supported).toEqual(['code']);
    expect(as.id_token_signing_alg_values_supported).toEqual(['RS256', 'EdDSA']);
    expect(as.backchannel_logout_supported).toBe(true);
    expect(as.scopes_supported).toEqual(expect.arrayContaining(['openid', 'profile', 'email']));
    expect(as.claims_supported).toEqual(
      expect.arrayContaining(['sub', 'preferred_username', 'picture', 'titles', 'badges', 'steam_id']),
    );
    // The same document on the API origin's well-known path.
    const root = await fetch(`${base}/.well-known/openid-configuration`);
    expect(root.status).toBe(200);
    expect(await root.json()).toEqual(
      await (await fetch(`${base}/oidc/.well-known/openid-configuration`)).json(),
    );
  });

  it('publishes the RS256 and EdDSA public keys, without their private parts', async () => {
    const res = await fetch(as.jwks_uri!);
    expect(res.status).toBe(200);
    const { keys } = (await res.json()) as { keys: Array<Record<string, string>> };
    expect(keys.map((key) => key.alg).sort()).toEqual(['EdDSA', 'RS256']);
    expect(keys.find((key) => key.alg === 'EdDSA')?.kid).toBe(t.ctx.signingKey.kid);
    for (const key of keys) {
      expect(key.use).toBe('sig');
      for (const part of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(key[part]).toBeUndefined();
    }
  });

  it('refuses an authorization request without PKCE or with an unregistered redirect URI', async () => {
    const plain = new URL(as.authorization_endpoint!);
    plain.search = new URLSearchParams({
      client_id: CLIENT,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: 'openid',
      state: 'x',
    }).toString();
    const noPkce = await navigate(new CookieJar(), plain.href);
    expect(noPkce.status).toBe(303);
    expect(new URL(noPkce.location).searchParams.get('error')).toBe('invalid_request');
    plain.searchParams.set('redirect_uri', 'https://evil.example/callback');
    plain.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge('x'.repeat(43)));
    plain.searchParams.set('code_challenge_method', 'S256');
    const res = await fetch(plain, { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
  });

  it('signs a player in with code + PKCE through the portal log-in: a valid, signed ID token', async () => {
    const before = Math.floor(Date.now() / 1000);
    // max_age makes the ID token carry auth_time (OIDC Core §3.1.2.1): the portal log-in's time.
    const { tokens, nonce } = await signIn('openid profile email', false, { max_age: '600' });
    expect(tokens.token_type).toBe('bearer');
    expect(tokens.refresh_token).toBeTruthy();
    const claims = oauth.getValidatedIdTokenClaims(tokens)!;
    expect(claims).toMatchObject({ iss: `${base}/oidc`, aud: CLIENT, sub: player.idUser, nonce });
    expect(claims.auth_time).toBeGreaterThanOrEqual(before);
    expect(claims.auth_time).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    const { payload, protectedHeader } = await jwtVerify(
      tokens.id_token!,
      createRemoteJWKSet(new URL(as.jwks_uri!)),
      { issuer: `${base}/oidc`, audience: CLIENT },
    );
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload.sub).toBe(player.idUser);
  });

  it('answers userinfo with the standard and the hub claims of the granted scopes', async () => {
    const { tokens } = await signIn();
    const response = await oauth.userInfoRequest(as, client, tokens.access_token, HTTP);
    const info = await oauth.processUserInfoResponse(as, client, player.idUser, response);
    expect(info).toEqual({
      sub: player.idUser,
      preferred_username: player.username,
      name: player.username,
      picture: expect.stringMatching(/^https?:\/\//) as unknown,
      titles: [],
      badges: [],
      email: player.email,
      email_verified: true,
    });
    const narrow = await signIn('openid', true);
    const onlySub = await oauth.processUserInfoResponse(
      as,
      client,
      player.idUser,
      await oauth.userInfoRequest(as, client, narrow.tokens.access_token, HTTP),
    );
    expect(onlySub).toEqual({ sub: player.idUser });
  });

  it('rotates refresh tokens: the used one is refused and revokes the grant', async () => {
    const { tokens } = await signIn();
    const first = tokens.refresh_token!;
    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, oauth.ClientSecretBasic(secret), first, HTTP),
    );
    expect(refreshed.refresh_token).toBeTruthy();
    expect(refreshed.refresh_token).not.toBe(first);
    const replay = oauth.refreshTokenGrantRequest(as, client, oauth.ClientSecretBasic(secret), first, HTTP);
    await expect(oauth.processRefreshTokenResponse(as, client, await replay)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    // The replay revoked the grant: the successor is refused too.
    const successor = oauth.refreshTokenGrantRequest(
      as,
      client,
      oauth.ClientSecretBasic(secret),
      refreshed.refresh_token!,
      HTTP,
    );
    await expect(oauth.processRefreshTokenResponse(as, client, await successor)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it("introspects a client's own tokens only: another client sees them inactive", async () => {
    const { tokens } = await signIn();
    const own = await oauth.processIntrospectionResponse(
      as,
      client,
      await oauth.introspectionRequest(
        as,
        client,
        oauth.ClientSecretBasic(secret),
        tokens.access_token,
        HTTP,
      ),
    );
    expect(own).toMatchObject({ active: true, client_id: CLIENT, sub: player.idUser });
    const foreign = await oauth.processIntrospectionResponse(
      as,
      other,
      await oauth.introspectionRequest(
        as,
        other,
        oauth.ClientSecretBasic(otherSecret),
        tokens.access_token,
        HTTP,
      ),
    );
    expect(foreign).toEqual({ active: false });
    const wrongSecret = oauth.introspectionRequest(
      as,
      client,
      oauth.ClientSecretBasic(otherSecret),
      tokens.access_token,
      HTTP,
    );
    const refused = await wrongSecret;
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(/^Basic .*error="invalid_client"/);
  });

  it("refuses the provider's tokens on the portal's player calls (the audience rule)", async () => {
    const { tokens } = await signIn();
    for (const bearer of [tokens.access_token, tokens.id_token!]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/profile/user/${player.idUser}`,
        headers: asUser(bearer),
      });
      expect(res.statusCode).toBe(401);
      expect(json(res)).toEqual({ ErrorMessages: [{ Property: '', ErrorMessage: 'ERROR_TOKEN_INVALID' }] });
    }
  });

  it('revokes a token at the revocation endpoint, and not for another client', async () => {
    const { tokens } = await signIn();
    const introspect = async () =>
      oauth.processIntrospectionResponse(
        as,
        client,
        await oauth.introspectionRequest(
          as,
          client,
          oauth.ClientSecretBasic(secret),
          tokens.access_token,
          HTTP,
        ),
      );
    await oauth.processRevocationResponse(
      await oauth.revocationRequest(
        as,
        other,
        oauth.ClientSecretBasic(otherSecret),
        tokens.access_token,
        HTTP,
      ),
    );
    expect((await introspect()).active).toBe(true);
    await oauth.processRevocationResponse(
      await oauth.revocationRequest(as, client, oauth.ClientSecretBasic(secret), tokens.access_token, HTTP),
    );
    expect((await introspect()).active).toBe(false);
    const userinfo = await oauth.userInfoRequest(as, client, tokens.access_token, HTTP);
    expect(userinfo.status).toBe(401);
  });

  it('answers malformed requests to its endpoints with a refusal, never a 5xx', async () => {
    const basicAuth = `Basic ${Buffer.from(`${CLIENT}:${secret}`).toString('base64')}`;
    const form = { 'content-type': 'application/x-www-form-urlencoded', authorization: basicAuth };
    const requests: Array<[string, RequestInit]> = [
      ['/oidc/token', { method: 'POST', headers: form, body: 'grant_type=authorization_code&code=%E0%A4%A' }],
      ['/oidc/token', { method: 'POST', headers: form, body: 'grant_type=nope' }],
      ['/oidc/token', { method: 'POST', headers: form, body: 'a'.repeat(200_000) }],
      [
        '/oidc/token',
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"grant_type":' },
      ],
      ['/oidc/token', { method: 'POST', headers: { ...form, authorization: 'Basic %%%' }, body: 'x=1' }],
      ['/oidc/token/introspection', { method: 'POST', headers: form, body: 'token=' }],
      ['/oidc/token/revocation', { method: 'POST', headers: form, body: 'token=\u0000' }],
      ['/oidc/auth?client_id=%00&redirect_uri=javascript:alert(1)', { method: 'GET' }],
      ['/oidc/auth?client_id=nobody&response_type=code', { method: 'GET' }],
      ['/oidc/me', { method: 'GET', headers: { authorization: 'Bearer not-a-token' } }],
      ['/oidc/session/end?id_token_hint=garbage', { method: 'GET' }],
      ['/oidc/interaction/%E0%A4%A', { method: 'GET' }],
      ['/oidc/nothing-here', { method: 'GET' }],
    ];
    for (const [path, init] of requests) {
      const res = await fetch(`${base}${path}`, { ...init, redirect: 'manual' });
      await res.arrayBuffer();
      // RFC 7009 §2.2: an invalid token is no error at the revocation endpoint (200); all else is refused.
      if (!path.endsWith('/revocation'))
        expect(res.status, `${init.method ?? 'GET'} ${path}`).toBeGreaterThanOrEqual(300);
      expect(res.status, `${init.method ?? 'GET'} ${path}`).toBeLessThan(500);
    }
  });

  it('answers an interaction this browser did not start with 400 in the §8 shape', async () => {
    const res = await fetch(`${base}/oidc/interaction/unknown-uid`, { redirect: 'manual' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { ErrorMessages: Array<{ Property: string; ErrorMessage: string }> };
    expect(body.ErrorMessages).toHaveLength(1);
  });

  it('ends a request that demands a fresh log-in (prompt=login) with login_required', async () => {
    const { url: authorization } = await authorizationRequest(as, CLIENT, REDIRECT_URI, 'openid', {
      state: 'fresh',
      prompt: 'login',
    });
    const jar = new CookieJar();
    jar.set('_g2g_identity_', await logIn(t, player));
    const toInteraction = await navigate(jar, authorization.href);
    const toResume = await navigate(jar, toInteraction.location);
    const toClient = await navigate(jar, toResume.location);
    const answer = new URL(toClient.location);
    expect(`${answer.origin}${answer.pathname}`).toBe(REDIRECT_URI);
    expect(answer.searchParams.get('error')).toBe('login_required');
    expect(answer.searchParams.get('state')).toBe('fresh');
  });

  it('lets the provider session stand only while the portal session does', async () => {
    const { jar, identity } = await signIn('openid');
    // Signed in at the portal and at the provider: straight back to the client with a code.
    const again = await navigate(jar, await authorizationUrl());
    expect(new URL(again.location).searchParams.get('code')).toBeTruthy();
    // The player logs out at the portal: the provider's session no longer signs them in.
    const token = json<{ Value: string }>(await getToken(t, identity)).Value;
    const logOut = await t.app.inject({
      method: 'POST',
      url: `/api/log/user/${player.idUser}/log-out`,
      headers: asUser(token),
    });
    expect(logOut.statusCode, logOut.body).toBe(200);
    const afterLogOut = await navigate(jar, await authorizationUrl());
    expect(afterLogOut.location).toMatch(new RegExp(`^${base}/oidc/interaction/`));
    const toLogin = await navigate(jar, afterLogOut.location);
    expect(new URL(toLogin.location).pathname).toBe('/login');
    // Without a prompt allowed, the answer is login_required (OIDC Core §3.1.2.6).
    const silent = await navigate(jar, `${await authorizationUrl()}&prompt=none`);
    expect(new URL(silent.location).searchParams.get('error')).toBe('login_required');
  });

  it('keeps tokens hashed in the store: no row holds a token in clear', async () => {
    const { tokens } = await signIn();
    const rows = await t.ctx.db.selectFrom('oidc_payloads').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    const text = JSON.stringify(rows);
    expect(text).not.toContain(tokens.access_token);
    expect(text).not.toContain(tokens.refresh_token!);
    expect(rows.some((row) => row.account_id === player.idUser)).toBe(true);
  });

  it('publishes a rotated key within OIDC_KEY_CHECK_SECONDS; tokens of the old key still verify', async () => {
    const jwks = async () => {
      const { keys } = (await (await fetch(as.jwks_uri!)).json()) as {
        keys: Array<{ kid: string; alg: string }>;
      };
      return keys.filter((key) => key.alg === 'RS256').map((key) => key.kid);
    };
    const before = await signIn('openid', true);
    const [oldKid] = await jwks();
    const rotation = await rotateIdTokenSigningKey(t.ctx.db, t.ctx.keys, {
      announceSeconds: 0,
      keepSeconds: 3600,
    });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await jwks()).toEqual([rotation.kid, oldKid]);
    const after = await signIn('openid', true);
    const verify = (idToken: string) =>
      jwtVerify(idToken, createRemoteJWKSet(new URL(as.jwks_uri!)), {
        issuer: `${base}/oidc`,
        audience: CLIENT,
      });
    expect((await verify(after.tokens.id_token!)).protectedHeader.kid).toBe(rotation.kid);
    expect((await verify(before.tokens.id_token!)).protectedHeader.kid).toBe(oldKid);
  });

  it('builds an engine’s provider at its first use, once for concurrent first calls', async () => {
    const engine = await startOidcEngine(t.ctx);
    const [first, second] = await Promise.all([engine.current(), engine.current()]);
    expect(second).toBe(first);
    expect(await engine.current()).toBe(first);
    expect(first.provider.issuer).toBe(`${t.ctx.config.publicUrl}/oidc`);
  });

  it("erases the player's provider objects with their account (spec §4 Deletion)", async () => {
    const { tokens } = await signIn();
    await t.ctx.db
      .transaction()
      .execute((trx) => playerDataEraser.deletePlayerData(trx, { id: player.id, idUser: player.idUser }));
    const left = await t.ctx.db
      .selectFrom('oidc_payloads')
      .select('model')
      .where('account_id', '=', player.idUser)
      .execute();
    expect(left).toEqual([]);
    const userinfo = await oauth.userInfoRequest(as, client, tokens.access_token, HTTP);
    expect(userinfo.status).toBe(401);
  });
});
