/**
 * The identity-provider helper (`oidc-party.ts`, `oidc-provider.ts`) over real HTTP, through the Twitch and
 * Epic Games parties mounted side by side: discovery, PKCE, client authentication, redirect-URI rules,
 * Cancel, single-use codes, the `claims` parameter, switching accounts, and the approve page's errors;
 * and a party with its own sign-in page (`options.signIn`, as the partner IdPs have).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import * as client from 'openid-client';
import { epicGamesParty } from '../epic-games/index.ts';
import type { SandboxContext } from '../party.ts';
import { twitchParty } from '../twitch/index.ts';
import { html } from './html.ts';
import { oidcParty } from './oidc-party.ts';
import {
  approve,
  authorizationRequest,
  callbackOf,
  discover,
  exchange,
  formAction,
  oauthError,
  startTestSandbox,
  submitInteraction,
  TestBrowser,
  type TestSandbox,
} from './oidc-test-kit.ts';

const CLIENT_ID = 'guildgate-test-twitch';
const SECRET = 'guildgate-test-twitch-secret';
const REDIRECT_URI = 'http://127.0.0.1:40123/twitch/callback';
const AUTHORIZE = { decision: 'authorize', account: '41000001' };

let sandbox: TestSandbox;
let issuer: string;
let config: client.Configuration;

/** A party with its own sign-in page: one field `name`; "nobody" is refused; id "c-<name>". */
function customParty(context: SandboxContext) {
  return oidcParty(context, {
    prefix: '/custom',
    name: 'Custom',
    description: 'A party with its own sign-in page.',
    clients: [{ clientId: 'custom-client', clientSecret: 'custom-secret', name: 'Custom client' }],
    redirectPaths: ['/custom/callback'],
    demoAccounts: [],
    accountIdFor: (login) => login,
    username: { pattern: /^\w+$/, rule: 'Letters.' },
    scopes: { openid: ['sub', 'name'] },
    claims: (account) => ({ name: account.displayName }),
    texts: { intro: 'Custom.', accountNotes: html`<p id="notes">Notes</p>` },
    signIn: {
      render: (page) =>
        html`<h1>Custom sign-in for ${page.clientName}</h1>
          ${page.failure ? html`<p role="alert">${page.failure.error} (${page.failure.form.name})</p>` : null}
          <form method="post" action="${page.action}"><input name="name" /></form>`,
      decide: ({ name = '' }) =>
        name === 'nobody'
          ? { error: 'Refused' }
          : { account: { id: `c-${name}`, login: name, displayName: name.toUpperCase() } },
    },
  });
}

beforeAll(async () => {
  sandbox = await startTestSandbox((context) => [
    twitchParty(context),
    epicGamesParty(context),
    customParty(context),
  ]);
  issuer = `${sandbox.baseUrl}/twitch`;
  config = await discover(issuer, CLIENT_ID, SECRET);
  // Torn down only once set up (vitest runs the returned function after the file's tests).
  return () => sandbox.close();
});

describe('discovery', () => {
  it('publishes the issuer and endpoints under the prefix, PKCE S256, claims parameter, both secret methods', async () => {
    const response = await fetch(`${issuer}/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const metadata = (await response.json()) as Record<string, unknown>;
    expect(metadata).toMatchObject({
      issuer,
      authorization_endpoint: `${issuer}/auth`,
      token_endpoint: `${issuer}/token`,
      userinfo_endpoint: `${issuer}/me`,
      jwks_uri: `${issuer}/jwks`,
      claims_parameter_supported: true,
      response_types_supported: ['code'],
    });
    expect(metadata.code_challenge_methods_supported).toContain('S256');
    expect(metadata.token_endpoint_auth_methods_supported).toEqual(
      expect.arrayContaining(['client_secret_basic', 'client_secret_post']),
    );
    expect(metadata.id_token_signing_alg_values_supported).toContain('RS256');
    const epic = (await (
      await fetch(`${sandbox.baseUrl}/epic-games/.well-known/openid-configuration`)
    ).json()) as Record<string, unknown>;
    expect(epic.issuer).toBe(`${sandbox.baseUrl}/epic-games`);
  });
});

describe('token endpoint', () => {
  it('refuses a wrong or missing PKCE verifier once a challenge was sent', async () => {
    for (const verifier of [client.randomPKCECodeVerifier(), null]) {
      const request = await authorizationRequest(config, REDIRECT_URI);
      const callback = await approve(new TestBrowser(), request.url, AUTHORIZE);
      expect(await oauthError(exchange(config, request, callback, verifier))).toBe('invalid_grant');
    }
  });

  it('does not require PKCE', async () => {
    const request = await authorizationRequest(config, REDIRECT_URI, {}, false);
    const callback = await approve(new TestBrowser(), request.url, AUTHORIZE);
    const tokens = await exchange(config, request, callback, null);
    expect(tokens.claims()?.sub).toBe('41000001');
  });

  it('refuses a wrong client secret, sent in the body or in Basic', async () => {
    for (const auth of [client.ClientSecretPost('wrong'), client.ClientSecretBasic('wrong')]) {
      const request = await authorizationRequest(config, REDIRECT_URI);
      const callback = await approve(new TestBrowser(), request.url, AUTHORIZE);
      const wrong = await discover(issuer, CLIENT_ID, 'wrong', auth);
      expect(await oauthError(exchange(wrong, request, callback))).toBe('invalid_client');
    }
  });

  it('refuses another client’s secret (the Epic client cannot redeem a Twitch code)', async () => {
    const request = await authorizationRequest(config, REDIRECT_URI);
    const callback = await approve(new TestBrowser(), request.url, AUTHORIZE);
    const other = await discover(issuer, 'guildgate-e2e-twitch', 'guildgate-e2e-twitch-secret');
    expect(await oauthError(exchange(other, request, callback))).toBe('invalid_grant');
  });

  it('redeems a code once only', async () => {
    const request = await authorizationRequest(config, REDIRECT_URI);
    const callback = await approve(new TestBrowser(), request.url, AUTHORIZE);
    await exchange(config, request, callback);
    expect(await oauthError(exchange(config, request, callback))).toBe('invalid_grant');
  });

  it('requires the exact redirect_uri of the request, port included', async () => {
    const request = await authorizationRequest(config, REDIRECT_URI);
    const callback = await approve(new TestBrowser(), request.url, AUTHORIZE);
    const body = new URLSearchParams({
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code') ?? '',
      redirect_uri: 'http://127.0.0.1:40124/twitch/callback',
      code_verifier: request.verifier,
      client_id: CLIENT_ID,
      client_secret: SECRET,
    });
    const response = await fetch(`${issuer}/token`, { method: 'POST', body });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_grant' });
  });
});

describe('authorization endpoint', () => {
  it.each([
    'http://evil.example:8080/twitch/callback',
    'http://localhost.evil.example:8080/twitch/callback',
    'https://localhost:8080/twitch/callback',
    'http://[::1]:8080/twitch/callback',
    'http://localhost:8080/other/callback',
    'http://localhost:8080/twitch/callback?next=http://evil.example',
    'http://user@localhost:8080/twitch/callback',
    'http://localhost:8080/api/epicgames/callback',
  ])('refuses the redirect URI %s without redirecting', async (redirectUri) => {
    const request = await authorizationRequest(config, redirectUri);
    const response = await fetch(request.url, { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(await response.text()).toContain('redirect_uri');
  });

  it('accepts any port on localhost and 127.0.0.1', async () => {
    for (const redirectUri of ['http://localhost:8080/twitch/callback', 'http://127.0.0.1/twitch/callback']) {
      const request = await authorizationRequest(config, redirectUri);
      const callback = await approve(new TestBrowser(), request.url, AUTHORIZE);
      expect(`${callback.origin}${callback.pathname}`).toBe(redirectUri.replace(':80/', '/'));
      expect((await exchange(config, request, callback)).claims()?.sub).toBe('41000001');
    }
  });

  it('sends access_denied with the state on Cancel', async () => {
    const request = await authorizationRequest(config, REDIRECT_URI);
    const callback = await approve(new TestBrowser(), request.url, { decision: 'cancel' });
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe(request.state);
    expect(callback.searchParams.get('code')).toBeNull();
    expect(await oauthError(exchange(config, request, callback))).toBe('access_denied');
  });

  it('accepts the claims parameter', async () => {
    const claims = JSON.stringify({
      id_token: { preferred_username: { essential: true } },
      userinfo: { picture: null },
    });
    const request = await authorizationRequest(config, REDIRECT_URI, { claims });
    const callback = await approve(new TestBrowser(), request.url, AUTHORIZE);
    const tokens = await exchange(config, request, callback);
    expect(tokens.claims()?.preferred_username).toBe('SandboxStreamer');
    const userinfo = await client.fetchUserInfo(config, tokens.access_token, '41000001');
    expect(userinfo.picture).toBe(`${issuer}/avatars/41000001.svg`);
  });

  it('shows the approve page again in the same browser, which may switch to another account', async () => {
    const browser = new TestBrowser();
    const first = await authorizationRequest(config, REDIRECT_URI);
    await exchange(config, first, await approve(browser, first.url, AUTHORIZE));
    const second = await authorizationRequest(config, REDIRECT_URI);
    const page = await browser.follow(second.url, sandbox.baseUrl);
    expect(await page.response.text()).toMatch(/value="41000001"\s+style="min-width: 0"\s+checked/);
    const callback = await approve(browser, second.url, { decision: 'authorize', account: '41000002' });
    expect((await exchange(config, second, callback)).claims()?.sub).toBe('41000002');
  });
});

describe('approve page', () => {
  it('names the party and the client, labels every field, and lets the redirect leave the sandbox', async () => {
    const request = await authorizationRequest(config, REDIRECT_URI);
    const { response } = await new TestBrowser().follow(request.url, sandbox.baseUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain(
      "form-action 'self' http://localhost:* http://127.0.0.1:*",
    );
    const page = await response.text();
    expect(page).toContain('Twitch wants to sign you in to Guildgate (test)');
    for (const id of ['account-41000001', 'account-41000002', 'username']) {
      expect(page).toContain(`<label for="${id}"`);
    }
    expect(page).toContain('>Authorize</button>');
    expect(page).toContain('>Cancel</button>');
  });

  it('answers 400 with the page again for an invalid username or no account', async () => {
    const request = await authorizationRequest(config, REDIRECT_URI);
    const browser = new TestBrowser();
    const { response, url } = await browser.follow(request.url, sandbox.baseUrl);
    const action = formAction(await response.text(), url);
    const forms: Record<string, string>[] = [{ username: 'a b<' }, { account: 'nobody' }, {}];
    for (const form of forms) {
      const body = new URLSearchParams({ decision: 'authorize', ...form });
      const posted = await browser.fetch(action, { method: 'POST', body });
      expect(posted.status).toBe(400);
      const page = await posted.text();
      expect(page).toContain('role="alert"');
      expect(page).not.toContain('a b<');
    }
    const callback = await approve(browser, request.url, AUTHORIZE);
    expect(callback.searchParams.get('code')).toBeTruthy();
  });

  it('answers 400 for an unknown or expired interaction', async () => {
    const response = await fetch(`${issuer}/interaction/unknown`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('role="alert"');
    const posted = await fetch(`${issuer}/interaction/unknown`, {
      method: 'POST',
      body: new URLSearchParams(AUTHORIZE),
    });
    expect(posted.status).toBe(400);
    const browser = new TestBrowser();
    await browser.follow((await authorizationRequest(config, REDIRECT_URI)).url, sandbox.baseUrl);
    const other = await browser.fetch(`${issuer}/interaction/another-uid`);
    expect(other.status).toBe(400);
    expect(await other.text()).toContain('this page belongs to another sign-in request');
  });

  it('serves avatars (404 for unknown accounts) and redirects the prefix with a slash', async () => {
    expect((await fetch(`${issuer}/avatars/41000001.svg`)).status).toBe(200);
    expect((await fetch(`${issuer}/avatars/99999999.svg`)).status).toBe(404);
    expect((await fetch(`${issuer}/avatars/41000001.png`)).status).toBe(404);
    const slash = await fetch(`${issuer}/`, { redirect: 'manual' });
    expect(slash.status).toBe(308);
    expect(slash.headers.get('location')).toBe('/twitch');
  });
});

describe('a party with its own sign-in page (options.signIn)', () => {
  it('shows it instead of the approve page, shows refusals again with 400, and signs its accounts in', async () => {
    const customIssuer = `${sandbox.baseUrl}/custom`;
    const custom = await discover(customIssuer, 'custom-client', 'custom-secret');
    const request = await authorizationRequest(custom, 'http://localhost:8080/custom/callback');
    const browser = new TestBrowser();
    const { response } = await browser.follow(request.url, sandbox.baseUrl);
    expect(await response.text()).toContain('Custom sign-in for Custom client');
    const refused = await submitInteraction(browser, request.url, { name: 'nobody' });
    expect(refused).toMatchObject({ status: 400 });
    expect('page' in refused && refused.page).toContain('<p role="alert">Refused (nobody)</p>');
    const callback = callbackOf(await submitInteraction(browser, request.url, { name: 'zed' }));
    expect((await exchange(custom, request, callback)).claims()).toMatchObject({ sub: 'c-zed', name: 'ZED' });
    const start = await (await fetch(customIssuer)).text();
    expect(start).toContain('c-zed');
    expect(start).toContain('<p id="notes">Notes</p>');
  });
});
