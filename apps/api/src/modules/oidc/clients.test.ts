/**
 * Registered clients at the OpenID Provider (issue 21 §3; clients.ts, sso/client-registry.ts,
 * backchannel.ts), driven by `oauth4webapi` and `jose` over real HTTP against a listening app, on every
 * store:
 * - discovery announces what registration allows (public clients, `client_secret_post`, back-channel
 *   log-out with `sid`);
 * - a public client (`token_endpoint_auth_method` `none`) signs a player in with code + PKCE and no
 *   secret; first- or third-party is known to `isFirstParty` (only a third-party one goes through the
 *   consent page);
 * - RP-initiated log-out returns to a post-log-out URI only when it is registered and on the allow-list;
 * - a portal log-out (POST log/user/{id}/log-out) ends the player's provider sessions and sends a
 *   logout_token to each client with a back-channel URI: a tiny real receiver on port 0 verifies it
 *   against the JWKS (iss, aud, events, sub, sid, no nonce), while another client's receiver that never
 *   answers neither fails nor holds up the log-out; the grant's refresh token stops working.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import * as oauth from 'oauth4webapi';
import { asUser, freePort, json, STORES, startTestApp, type TestApp } from '../../test/harness.ts';
import { createPlayer, getToken, logIn, type Player } from '../../test/helpers.ts';
import { registerClient } from '../oauth-clients/index.ts';
import { isFirstParty } from './index.ts';
import { authorizationRequest, CookieJar, decideAtConsentPage, HTTP, navigate } from './test-support.ts';

/** The allow-listed origin of the partner clients' URIs. */
const PARTNER = 'https://partner.example';
/** The back-channel log-out event (Back-Channel Logout 1.0 §2.4). */
const LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

/** A back-channel log-out receiver on 127.0.0.1, port 0: what it was sent. */
interface Receiver {
  url: string;
  /** The `logout_token`s received, in order. */
  tokens: string[];
  /** Resolves with the first token received. */
  first: Promise<string>;
  close(): Promise<void>;
}

/** Starts a receiver that answers 200 (`answers` true) or never answers (a partner that hangs). */
async function startReceiver(answers: boolean): Promise<Receiver> {
  const tokens: string[] = [];
  let resolveFirst: (token: string) => void = () => {};
  const first = new Promise<string>((resolve) => {
    resolveFirst = resolve;
  });
  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const token = new URLSearchParams(body).get('logout_token') ?? '';
      tokens.push(token);
      resolveFirst(token);
      if (answers) response.writeHead(200, { 'cache-control': 'no-store' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/backchannel-logout`,
    tokens,
    first,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** `promise`, or a rejection after `ms`. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error(`${what}: no answer`)), ms)),
  ]);
}

describe.each(STORES)('registered clients at the OpenID Provider on %s', (kind) => {
  let t: TestApp;
  let base: string;
  let as: oauth.AuthorizationServer;
  let player: Player;
  let shopSecret: string;
  let receiver: Receiver;
  let hanging: Receiver;

  beforeAll(async () => {
    receiver = await startReceiver(true);
    hanging = await startReceiver(false);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await startTestApp(kind, { env: { PUBLIC_URL: base, REDIRECT_PATTERNS: `${PARTNER}/` } });
    await t.app.listen({ port, host: '127.0.0.1' });
    await registerClient(t.ctx.db, {
      clientId: 'oidc-spa',
      name: 'Browser app',
      redirectUris: [`${PARTNER}/spa/callback`],
      postLogoutRedirectUris: [],
      backchannelLogoutUri: null,
      isPublic: true,
      firstParty: false,
    });
    const shop = await registerClient(t.ctx.db, {
      clientId: 'oidc-shop',
      name: 'Shop',
      redirectUris: [`${PARTNER}/shop/callback`],
      // The second is registered but not on the allow-list: never honoured.
      postLogoutRedirectUris: [`${PARTNER}/shop/bye`, 'https://elsewhere.example/bye'],
      backchannelLogoutUri: receiver.url,
      isPublic: false,
      authMethod: 'client_secret_post',
      firstParty: true,
    });
    shopSecret = shop.secret ?? '';
    await registerClient(t.ctx.db, {
      clientId: 'oidc-slow',
      name: 'Slow forum',
      redirectUris: [`${PARTNER}/slow/callback`],
      postLogoutRedirectUris: [],
      backchannelLogoutUri: hanging.url,
      isPublic: true,
      firstParty: true,
    });
    player = await createPlayer(t, 'OidcClients1');
    const issuer = new URL(`${base}/oidc`);
    as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, HTTP));
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
    await hanging.close();
  });

  /**
   * Signs the player of `jar`'s portal session in at `clientId` (code + PKCE through the portal's
   * interaction) and exchanges the code with `auth`.
   */
  async function signIn(jar: CookieJar, clientId: string, path: string, auth: oauth.ClientAuth) {
    const client: oauth.Client = { client_id: clientId };
    const redirectUri = `${PARTNER}${path}`;
    const {
      url: authorization,
      verifier,
      state,
      nonce,
    } = await authorizationRequest(as, clientId, redirectUri, 'openid profile');
    let step = await navigate(jar, authorization.href);
    let consented = false;
    for (let hops = 0; hops < 4 && !step.location.startsWith(redirectUri); hops += 1) {
      expect(step.status, step.body).toBe(303);
      if (step.location.startsWith(`${base}/oauth/consent?`)) {
        // A third-party client: the player allows it on the consent page (consent.test.ts).
        consented = true;
        step = await navigate(jar, await decideAtConsentPage(jar, step.location));
      } else step = await navigate(jar, step.location);
    }
    expect(consented).toBe(!(await isFirstParty(t.ctx, clientId)));
    expect(step.location.startsWith(`${redirectUri}?`), step.location).toBe(true);
    const parameters = oauth.validateAuthResponse(as, client, new URL(step.location), state);
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      auth,
      parameters,
      redirectUri,
      verifier,
      HTTP,
    );
    return oauth.processAuthorizationCodeResponse(as, client, response, {
      expectedNonce: nonce,
      requireIdToken: true,
    });
  }

  /** A browser holding a fresh portal session of the player. */
  async function signedInBrowser(): Promise<{ jar: CookieJar; identity: string }> {
    const jar = new CookieJar();
    const identity = await logIn(t, player);
    jar.set('_g2g_identity_', identity);
    return { jar, identity };
  }

  it('announces public clients, client_secret_post and back-channel log-out with sid', () => {
    expect(as.token_endpoint_auth_methods_supported).toEqual(
      expect.arrayContaining(['none', 'client_secret_basic', 'client_secret_post']),
    );
    expect(as.backchannel_logout_supported).toBe(true);
    expect(as.backchannel_logout_session_supported).toBe(true);
  });

  it('signs a player in at a public client with code + PKCE and no secret', async () => {
    const { jar } = await signedInBrowser();
    const tokens = await signIn(jar, 'oidc-spa', '/spa/callback', oauth.None());
    expect(oauth.getValidatedIdTokenClaims(tokens)).toMatchObject({ aud: 'oidc-spa', sub: player.idUser });
    // Registered without client_secret_post's secret: presenting one is no way in for a public client.
    const refused = await fetch(as.token_endpoint!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token ?? '',
        client_id: 'oidc-spa',
        client_secret: 'guess',
      }),
    });
    expect(refused.status).toBe(401);
    expect(await isFirstParty(t.ctx, 'oidc-spa')).toBe(false);
    expect(await isFirstParty(t.ctx, 'oidc-shop')).toBe(true);
    expect(await isFirstParty(t.ctx, 'nobody')).toBe(false);
  });

  it('returns from RP-initiated log-out only to a registered, allow-listed post-log-out URI', async () => {
    const { jar } = await signedInBrowser();
    const tokens = await signIn(jar, 'oidc-shop', '/shop/callback', oauth.ClientSecretPost(shopSecret));
    const endSession = (postLogout: string) =>
      `${as.end_session_endpoint!}?${new URLSearchParams({
        id_token_hint: tokens.id_token ?? '',
        post_logout_redirect_uri: postLogout,
        state: 'bye-state',
      })}`;
    for (const refused of [`${PARTNER}/shop/other`, 'https://elsewhere.example/bye']) {
      const answer = await navigate(jar, endSession(refused));
      expect(answer.status, refused).toBe(400);
      expect(answer.body).toContain('post_logout_redirect_uri not registered');
    }
    const page = await navigate(jar, endSession(`${PARTNER}/shop/bye`));
    expect(page.status).toBe(200);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const done = await navigate(jar, `${as.end_session_endpoint!}/confirm`, { xsrf, logout: 'yes' });
    expect(done.status).toBe(303);
    expect(done.location).toBe(`${PARTNER}/shop/bye?state=bye-state`);
    // The RP-initiated log-out told the shop too (its own end_session flow).
    await within(receiver.first, 5000, 'back-channel receiver');
    receiver.tokens.length = 0;
  });

  it('sends a verified logout_token after a portal log-out, without waiting on a partner that hangs', async () => {
    const { jar, identity } = await signedInBrowser();
    const shopTokens = await signIn(jar, 'oidc-shop', '/shop/callback', oauth.ClientSecretPost(shopSecret));
    await signIn(jar, 'oidc-slow', '/slow/callback', oauth.None());
    const idToken = oauth.getValidatedIdTokenClaims(shopTokens)!;
    expect(typeof idToken.sid).toBe('string');
    const received = new Promise<string>((resolve) => {
      const poll = setInterval(() => {
        const token = receiver.tokens.at(0);
        if (token !== undefined) {
          clearInterval(poll);
          resolve(token);
        }
      }, 20);
    });
    const hangingBefore = hanging.tokens.length;

    const accessToken = json<{ Value: string }>(await getToken(t, identity)).Value;
    const started = Date.now();
    const logOut = await t.app.inject({
      method: 'POST',
      url: `/api/log/user/${player.idUser}/log-out`,
      headers: asUser(accessToken),
    });
    expect(logOut.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(1000);

    const logoutToken = await within(received, 5000, 'back-channel receiver');
    const { payload, protectedHeader } = await jwtVerify(
      logoutToken,
      createRemoteJWKSet(new URL(as.jwks_uri!)),
      { issuer: `${base}/oidc`, audience: 'oidc-shop', typ: 'logout+jwt' },
    );
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload.sub).toBe(player.idUser);
    expect(payload.sid).toBe(idToken.sid);
    expect(payload.events).toEqual({ [LOGOUT_EVENT]: {} });
    expect(typeof payload.jti).toBe('string');
    expect(payload.nonce).toBeUndefined();
    expect(receiver.tokens).toHaveLength(1);
    // The hanging partner was sent its own token too (to its audience), and held nothing up.
    await within(
      (async () => {
        while (hanging.tokens.length === hangingBefore) await new Promise((r) => setTimeout(r, 20));
      })(),
      5000,
      'hanging receiver',
    );
    expect(decodeJwt(hanging.tokens.at(-1) ?? '').aud).toBe('oidc-slow');

    // The provider's session and the grant's tokens are gone.
    const refresh = await oauth.refreshTokenGrantRequest(
      as,
      { client_id: 'oidc-shop' },
      oauth.ClientSecretPost(shopSecret),
      shopTokens.refresh_token ?? '',
      HTTP,
    );
    await expect(
      oauth.processRefreshTokenResponse(as, { client_id: 'oidc-shop' }, refresh),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
    const sessions = await t.ctx.db
      .selectFrom('oidc_payloads')
      .select('id_hash')
      .where('model', '=', 'Session')
      .where('account_id', '=', player.idUser)
      .execute();
    expect(sessions).toEqual([]);
  });
});
