/**
 * The sandbox's clients of the hub's OpenID Provider against the real Guildgate API over HTTP (issue 21
 * §5, §6; the demo seed registers them): the OpenID Connect site finds the hub by discovery, signs the
 * demo player in with code + PKCE + nonce (ID token validated by openid-client), shows the claims of the
 * ID token and userinfo, refreshes, and signs out through the hub's end-session endpoint back to its own
 * signed-out page; an answer to a sign-in this browser did not start is refused, and so is a logout token
 * the hub did not sign. The browser client is a public client whose origin —
 * and only it — the token endpoint allows by CORS; its page and the library's build are served.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_PLAYER,
  freePort,
  seedDemoData,
  sessionOf,
  startTestApp,
  type TestApp,
} from '@guildgate/api/testing';
import * as client from 'openid-client';
import { generateKeyPair, SignJWT, UnsecuredJWT } from 'jose';
import { TestBrowser, startTestSandbox, type TestSandbox } from '../shared/oidc-test-kit.ts';
import { BROWSER_CLIENT_ID, oidcBrowserParty } from '../oidc-browser/index.ts';
import { BACKCHANNEL_LOGOUT_EVENT, OIDC_SITE_CLIENT, OIDC_SITE_NAME, oidcSiteParty } from './index.ts';

/** Starting the API (migrations, the demo player's password hash) takes a few seconds on a busy machine. */
const HOOK_TIMEOUT_MS = 60_000;
const TEST_TIMEOUT_MS = 30_000;

describe('the sandbox clients of the OpenID Provider', { timeout: TEST_TIMEOUT_MS }, () => {
  let t: TestApp;
  let hub: string;
  let site: TestSandbox;
  let identity: string;

  beforeAll(async () => {
    const port = await freePort();
    hub = `http://127.0.0.1:${port}`;
    t = await startTestApp('sqlite', { env: { PUBLIC_URL: hub } });
    await t.app.listen({ port, host: '127.0.0.1' });
    site = await startTestSandbox((context) => [
      oidcSiteParty(context, { url: hub }),
      oidcBrowserParty(context, { url: hub }),
    ]);
    await seedDemoData(t.ctx.db, { sandboxUrl: site.baseUrl });
    identity = (await sessionOf(t, DEMO_PLAYER)).identity;
  }, HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await site.close();
    await t.close();
  });

  /**
   * Follows the hub's redirects from `url` in `browser` (signed in at the portal) until it sends the
   * browser away from the hub; returns that address (the client's redirect URI with the answer).
   */
  async function throughHub(browser: TestBrowser, url: string): Promise<URL> {
    browser.cookies.set('_g2g_identity_', encodeURIComponent(identity));
    const { response, url: last } = await browser.follow(url, hub);
    expect(response.status, await response.clone().text()).toBe(303);
    return new URL(response.headers.get('location')!, last);
  }

  it('signs the player in by discovery, shows the claims, refreshes and signs out at the hub', async () => {
    const browser = new TestBrowser();
    const home = await browser.fetch(`${site.baseUrl}/oidc-site/`);
    expect(await home.text()).toContain('Sign in with Guildgate');

    const start = await browser.fetch(`${site.baseUrl}/oidc-site/sign-in`);
    expect(start.status).toBe(303);
    const authorization = new URL(start.headers.get('location')!);
    expect(`${authorization.origin}${authorization.pathname}`).toBe(`${hub}/oidc/auth`);
    expect(Object.fromEntries(authorization.searchParams)).toMatchObject({
      client_id: OIDC_SITE_CLIENT.clientId,
      redirect_uri: `${site.baseUrl}/oidc-site/callback`,
      response_type: 'code',
      scope: 'openid profile email',
      code_challenge_method: 'S256',
    });
    expect(authorization.searchParams.get('nonce')).toMatch(/^[\w-]{32,}$/);

    const callback = await throughHub(browser, authorization.href);
    expect(`${callback.origin}${callback.pathname}`).toBe(`${site.baseUrl}/oidc-site/callback`);
    const back = await browser.fetch(callback);
    expect(back.status, await back.clone().text()).toBe(303);
    expect(back.headers.get('location')).toBe('/oidc-site/');

    const signedIn = await (await browser.fetch(`${site.baseUrl}/oidc-site/`)).text();
    expect(signedIn).toContain(OIDC_SITE_NAME);
    expect(signedIn).toContain(`Signed in as ${DEMO_PLAYER.username}`);
    expect(signedIn).toContain('Claims of the ID token');
    expect(signedIn).toMatch(new RegExp(`<code>iss</code></td>\\s*<td>${hub}/oidc</td>`));
    expect(signedIn).toContain(DEMO_PLAYER.email);
    expect(signedIn).toContain('<code>email_verified</code>');
    expect(signedIn).toContain('Veteran');
    expect(signedIn).toContain('refreshed <span data-testid="refreshes">0</span> times');

    const refreshed = await browser.fetch(`${site.baseUrl}/oidc-site/refresh`, { method: 'POST' });
    expect(refreshed.status).toBe(303);
    expect(await (await browser.fetch(`${site.baseUrl}/oidc-site/`)).text()).toContain(
      'refreshed <span data-testid="refreshes">1</span> times',
    );

    const signOut = await browser.fetch(`${site.baseUrl}/oidc-site/sign-out`, { method: 'POST' });
    expect(signOut.status).toBe(303);
    const endSession = new URL(signOut.headers.get('location')!);
    expect(`${endSession.origin}${endSession.pathname}`).toBe(`${hub}/oidc/session/end`);
    expect(endSession.searchParams.get('client_id')).toBe(OIDC_SITE_CLIENT.clientId);
    expect(endSession.searchParams.get('id_token_hint')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(
      `${site.baseUrl}/oidc-site/signed-out`,
    );
    const state = endSession.searchParams.get('state');
    expect(state).toMatch(/^[\w-]{32,}$/);
    const confirm = await browser.fetch(endSession);
    expect(confirm.status).toBe(200);
    // Its form's answer redirects to the site: the page's CSP lets it (browsers apply form-action to it).
    expect(confirm.headers.get('content-security-policy')).toContain(`form-action 'self' ${site.baseUrl};`);
    const confirmPage = await confirm.text();
    expect(confirmPage).toContain('Sign out of Guildgate?');
    expect(await (await browser.fetch(`${site.baseUrl}/oidc-site/`)).text()).toContain(
      'Sign in with Guildgate',
    );

    // "Yes, sign me out": the hub sends the browser back to the site's own signed-out page, with the state.
    const form = /<form[^>]*action="([^"]+)"[^>]*>[\s\S]*?name="xsrf" value="([^"]+)"/.exec(confirmPage);
    expect(form).not.toBeNull();
    const confirmed = await browser.fetch(new URL(form![1], hub), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf: form![2], logout: 'yes' }),
    });
    expect(confirmed.status, await confirmed.clone().text()).toBe(303);
    const returned = new URL(confirmed.headers.get('location')!);
    expect(`${returned.origin}${returned.pathname}`).toBe(`${site.baseUrl}/oidc-site/signed-out`);
    expect(returned.searchParams.get('state')).toBe(state);
    const signedOut = await browser.fetch(returned);
    expect(signedOut.status).toBe(200);
    expect(await signedOut.text()).toContain('You are signed out of this site and of Guildgate.');
    // The same page without the state sent (a link followed by hand) claims nothing about Guildgate.
    const forged = await new TestBrowser().fetch(`${site.baseUrl}/oidc-site/signed-out?state=${state!}`);
    const unconfirmed = await forged.text();
    expect(unconfirmed).toContain('You are signed out of this site.');
    expect(unconfirmed).not.toContain('and of Guildgate');
  });

  it('refuses a logout token that is missing, unsigned, signed by another key or mis-addressed', async () => {
    const backchannel = `${site.baseUrl}/oidc-site/backchannel-logout`;
    const post = (body: Record<string, string>) =>
      fetch(backchannel, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(body),
      });
    const claims = {
      iss: `${hub}/oidc`,
      aud: OIDC_SITE_CLIENT.clientId,
      jti: crypto.randomUUID(),
      events: { [BACKCHANNEL_LOGOUT_EVENT]: {} },
      sub: 'some-player',
      sid: 'some-session',
    };
    const missing = await post({});
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ error: 'invalid_request' });

    const unsigned = new UnsecuredJWT(claims).setIssuedAt().encode();
    const refusedUnsigned = await post({ logout_token: unsigned });
    expect(refusedUnsigned.status).toBe(400);
    expect(await refusedUnsigned.json()).toMatchObject({ error: 'invalid_request' });

    // Signed well — but not by the hub: a key of the forger's own, named with a kid the hub publishes.
    const { kid } = (
      (await (await fetch(`${hub}/oidc/jwks`)).json()) as { keys: { kid: string; alg?: string }[] }
    ).keys.find((key) => key.alg === 'RS256')!;
    const { privateKey } = await generateKeyPair('RS256');
    const sign = (payload: Record<string, unknown>) =>
      new SignJWT(payload)
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'logout+jwt' })
        .setIssuedAt()
        .sign(privateKey);
    const forged = await post({ logout_token: await sign(claims) });
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({
      error: 'invalid_request',
      error_description: expect.stringContaining('ERR_JWS_SIGNATURE_VERIFICATION_FAILED'),
    });
  });

  it('refuses an answer to a sign-in this browser did not start', async () => {
    const browser = new TestBrowser();
    const res = await browser.fetch(`${site.baseUrl}/oidc-site/callback?code=forged&state=forged`);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('does not belong to a sign-in started in this browser');
  });

  it('answers 502 with its own page when the hub cannot be reached', async () => {
    const nowhere = `http://127.0.0.1:${await freePort()}`;
    const alone = await startTestSandbox((context) => [oidcSiteParty(context, { url: nowhere })]);
    try {
      const res = await new TestBrowser().fetch(`${alone.baseUrl}/oidc-site/sign-in`);
      expect(res.status).toBe(502);
      expect(await res.text()).toContain('Guildgate could not be reached.');
    } finally {
      await alone.close();
    }
  });

  it('lets the public browser client redeem its code from its own origin only (CORS)', async () => {
    const page = await fetch(`${site.baseUrl}/oidc-browser/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain(`script-src 'self'; connect-src ${hub}`);
    expect(await page.text()).toContain(`data-client-id="${BROWSER_CLIENT_ID}"`);
    const library = await fetch(`${site.baseUrl}/oidc-browser/oidc-client-ts.js`);
    expect(library.headers.get('content-type')).toContain('text/javascript');
    expect(await library.text()).toContain('UserManager');

    const redirectUri = `${site.baseUrl}/oidc-browser/`;
    const config = await client.discovery(
      new URL(`${hub}/oidc`),
      BROWSER_CLIENT_ID,
      undefined,
      client.None(),
      { execute: [client.allowInsecureRequests] },
    );
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const authorization = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid profile',
      state,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    const callback = await throughHub(new TestBrowser(), authorization.href);
    expect(`${callback.origin}${callback.pathname}`).toBe(redirectUri);
    const code = callback.searchParams.get('code')!;

    const token = (origin: string) =>
      fetch(config.serverMetadata().token_endpoint!, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          client_id: BROWSER_CLIENT_ID,
          code,
          redirect_uri: redirectUri,
          code_verifier: verifier,
        }),
      });
    // Another origin is refused before the code is looked at (oidc-provider's client-based CORS).
    const foreign = await token('https://elsewhere.example');
    expect(foreign.status).toBe(400);
    expect(await foreign.json()).toMatchObject({ error: 'invalid_request' });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    const own = await token(site.baseUrl);
    expect(own.status, await own.clone().text()).toBe(200);
    expect(own.headers.get('access-control-allow-origin')).toBe(site.baseUrl);
    const tokens = (await own.json()) as { id_token?: string; refresh_token?: string };
    expect(tokens.id_token).toBeDefined();
    expect(tokens.refresh_token).toBeDefined();
  });
});
