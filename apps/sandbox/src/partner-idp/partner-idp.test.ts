/**
 * The partner studios' identity providers end to end (DESIGN.md §1; spec §2 `/oauth/partner`, §3 SSO id
 * and e-mail): real HTTP against a Fastify app with both parties, `openid-client` as the relying party and
 * the login page driven like a browser (sign in, Cancel); the protocol's refusals; the start pages.
 * "Create a test account" is in `create-account.test.ts`.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import * as client from 'openid-client';
import {
  authorizationRequest,
  callbackOf,
  discover,
  exchange,
  oauthError,
  signInAt,
  submitInteraction,
  TestBrowser,
  type TestSandbox,
} from '../shared/oidc-test-kit.ts';
import { CREATIVE_ASSEMBLY_STUDIO, FOCUS_STUDIO, PARTNER_TEST_PASSWORD, WRONG_CREDENTIALS } from './index.ts';
import { partnerSsoCookie } from './partner-party.ts';
import {
  ALL_SCOPES as SCOPE,
  PARTNER_REDIRECT_URI as REDIRECT_URI,
  usePartnerSandbox,
} from './test-support.ts';

const partner = usePartnerSandbox();
const relyingParty = partner.relyingParty;
let sandbox: TestSandbox;
beforeAll(() => {
  sandbox = partner.sandbox();
});

const alice = { username: 'ca-alice', password: PARTNER_TEST_PASSWORD };

describe.each([
  { name: CREATIVE_ASSEMBLY_STUDIO.name, studio: CREATIVE_ASSEMBLY_STUDIO, method: client.ClientSecretPost },
  { name: FOCUS_STUDIO.name, studio: FOCUS_STUDIO, method: client.ClientSecretBasic },
])('$name sign-in', ({ studio, method }) => {
  const [verified, unverified] = studio.testAccounts;

  it('signs a verified test account in: claims in the ID token and at userinfo, state and nonce kept', async () => {
    const secret = `guildgate-test-${studio.key}-secret`;
    const { issuer, clientId, config } = await relyingParty(studio, method(secret));
    const request = await authorizationRequest(config, REDIRECT_URI, SCOPE);
    const outcome = await signInAt(new TestBrowser(), request.url, {
      username: verified.username,
      password: PARTNER_TEST_PASSWORD,
    });
    const callback = callbackOf(outcome);
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI);
    expect(callback.searchParams.get('state')).toBe(request.state);
    const tokens = await exchange(config, request, callback);
    const claims = {
      sub: verified.id,
      preferred_username: verified.username,
      name: verified.name,
      email: verified.email,
      email_verified: true,
    };
    expect(tokens.claims()).toMatchObject({ ...claims, iss: issuer, aud: clientId, nonce: request.nonce });
    expect(await client.fetchUserInfo(config, tokens.access_token, verified.id)).toEqual(claims);
  });

  it('gives email_verified false for the unverified account, signed in by its email', async () => {
    const { config } = await relyingParty(studio);
    const request = await authorizationRequest(config, 'http://127.0.0.1:41999/oauth/partner', SCOPE);
    const outcome = await signInAt(new TestBrowser(), request.url, {
      username: unverified.email.toUpperCase(),
      password: PARTNER_TEST_PASSWORD,
    });
    const tokens = await exchange(config, request, callbackOf(outcome));
    expect(tokens.claims()).toMatchObject({ sub: unverified.id, email_verified: false });
    expect(tokens.claims()?.sub).toMatch(/^\d{7}$/);
  });

  it('sets the studio sign-on cookie on the main domain at sign-in', async () => {
    const { config } = await relyingParty(studio, method(`guildgate-test-${studio.key}-secret`));
    const browser = new TestBrowser();
    const request = await authorizationRequest(config, REDIRECT_URI, SCOPE);
    callbackOf(await signInAt(browser, request.url, verified));
    expect(browser.cookies.get(partnerSsoCookie(studio.studio))).toBe(verified.id);
    expect(partnerSsoCookie('Creative Assembly')).toBe('_g2g_partner_creative_assembly_');
  });
});

describe('login page', () => {
  it('refuses a wrong password or an unknown name with 400 and an alert, then lets the player retry', async () => {
    const { config } = await relyingParty();
    const request = await authorizationRequest(config, REDIRECT_URI, SCOPE);
    const browser = new TestBrowser();
    for (const credentials of [
      { username: 'ca-alice', password: 'Partner2024?' },
      { username: 'nobody', password: PARTNER_TEST_PASSWORD },
      { username: 'focus-bob', password: PARTNER_TEST_PASSWORD },
      { username: '', password: '' },
    ]) {
      const outcome = await signInAt(browser, request.url, credentials);
      if ('callback' in outcome) throw new Error('signed in with wrong credentials');
      expect(outcome.status).toBe(400);
      expect(outcome.page).toContain(`<p role="alert" id="sign-in-error"><strong>${WRONG_CREDENTIALS}`);
      expect(outcome.page).toContain(`value="${credentials.username}"`);
      if (credentials.password) expect(outcome.page).not.toContain(credentials.password);
    }
    const callback = callbackOf(await signInAt(browser, request.url, alice));
    expect(callback.searchParams.get('code')).toBeTruthy();
  });

  it('sends access_denied with the state on Cancel', async () => {
    const { config } = await relyingParty();
    const request = await authorizationRequest(config, REDIRECT_URI, SCOPE);
    const outcome = await submitInteraction(new TestBrowser(), request.url, { decision: 'cancel' });
    const callback = callbackOf(outcome);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe(request.state);
    expect(callback.searchParams.get('code')).toBeNull();
    expect(await oauthError(exchange(config, request, callback))).toBe('access_denied');
  });

  it('labels every field, names both forms, and lets the redirect leave the sandbox', async () => {
    const { config } = await relyingParty(FOCUS_STUDIO);
    const request = await authorizationRequest(config, REDIRECT_URI, SCOPE);
    const { response } = await new TestBrowser().follow(request.url, sandbox.baseUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain(
      "form-action 'self' http://localhost:* http://127.0.0.1:*",
    );
    const page = await response.text();
    expect(page).toContain('<h1 id="sign-in-heading">Sign in to Focus ID</h1>');
    expect(page).toContain('Guildgate (test)');
    for (const id of [
      'username',
      'password',
      'new-username',
      'new-email',
      'new-email-verified',
      'new-password',
    ]) {
      expect(page).toContain(`<label for="${id}"`);
      expect(page).toContain(`id="${id}"`);
    }
    expect(page).toMatch(/name="email_verified"\s+value="on"\s+style="min-width: 0"\s+checked/);
    expect(page).toContain('aria-labelledby="sign-in-heading"');
    expect(page).toContain('aria-labelledby="create-heading"');
    expect(page).toMatch(/value="cancel" class="secondary" formnovalidate>\s*Cancel/);
    expect(page).toContain('>Sign in</button>');
  });
});

describe('protocol checks', () => {
  it('refuses a wrong or missing PKCE verifier once a challenge was sent', async () => {
    const { config } = await relyingParty();
    for (const verifier of [client.randomPKCECodeVerifier(), null]) {
      const request = await authorizationRequest(config, REDIRECT_URI, SCOPE);
      const callback = callbackOf(await signInAt(new TestBrowser(), request.url, alice));
      expect(await oauthError(exchange(config, request, callback, verifier))).toBe('invalid_grant');
    }
  });

  it.each([
    'http://localhost:8080/oauth/partner/',
    'http://localhost:8080/oauth/partner/register',
    'http://localhost:8080/api/oauth/partner',
    'http://localhost:8080/twitch/callback',
    'http://evil.example:8080/oauth/partner',
    'https://localhost:8080/oauth/partner',
  ])('refuses the redirect URI %s without redirecting', async (redirectUri) => {
    const { config } = await relyingParty();
    const request = await authorizationRequest(config, redirectUri, SCOPE);
    const response = await fetch(request.url, { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(await response.text()).toContain('redirect_uri');
  });

  it('refuses a wrong client secret (body or Basic) and another studio’s client', async () => {
    const { issuer, clientId, config } = await relyingParty();
    for (const auth of [client.ClientSecretPost('wrong'), client.ClientSecretBasic('wrong')]) {
      const request = await authorizationRequest(config, REDIRECT_URI, SCOPE);
      const callback = callbackOf(await signInAt(new TestBrowser(), request.url, alice));
      const wrong = await discover(issuer, clientId, 'wrong', auth);
      expect(await oauthError(exchange(wrong, request, callback))).toBe('invalid_client');
    }
    const focusClient = await discover(issuer, 'guildgate-test-focus', 'guildgate-test-focus-secret');
    const request = await authorizationRequest(focusClient, REDIRECT_URI, SCOPE);
    expect((await fetch(request.url, { redirect: 'manual' })).status).toBe(400);
  });

  it('releases only the claims of the requested scopes', async () => {
    const { config } = await relyingParty();
    const request = await authorizationRequest(config, REDIRECT_URI);
    const tokens = await exchange(
      config,
      request,
      callbackOf(await signInAt(new TestBrowser(), request.url, alice)),
    );
    expect(tokens.claims()?.sub).toBe('7100001');
    expect(tokens.claims()).not.toHaveProperty('email');
    expect(await client.fetchUserInfo(config, tokens.access_token, '7100001')).toEqual({ sub: '7100001' });
  });
});

describe('start pages', () => {
  it.each([CREATIVE_ASSEMBLY_STUDIO, FOCUS_STUDIO])(
    '$name lists endpoints, clients and test accounts',
    async (studio) => {
      const issuer = `${sandbox.baseUrl}${studio.prefix}`;
      const metadata = (await (await fetch(`${issuer}/.well-known/openid-configuration`)).json()) as Record<
        string,
        unknown
      >;
      expect(metadata).toMatchObject({ issuer, authorization_endpoint: `${issuer}/auth` });
      expect(metadata.scopes_supported).toEqual(expect.arrayContaining(['openid', 'profile', 'email']));
      const response = await fetch(issuer);
      expect(response.status).toBe(200);
      const page = await response.text();
      expect(page).toContain(`<h1>${studio.name}</h1>`);
      expect(page).toContain(`${issuer}/.well-known/openid-configuration`);
      for (const [clientId, secret] of Object.entries(studio.clients)) {
        expect(page).toContain(clientId);
        expect(page).toContain(secret);
      }
      for (const account of studio.testAccounts) {
        for (const value of [account.username, account.email, account.id]) expect(page).toContain(value);
      }
      expect(page).toContain(PARTNER_TEST_PASSWORD);
      expect(page).toContain('/oauth/partner');
    },
  );
});
