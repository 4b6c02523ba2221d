/**
 * The Twitch stand-in end to end (DESIGN.md §1 Twitch; spec §7 `twitch/auth`, `twitch/callback`): real
 * HTTP against a Fastify app with the party, `openid-client` as the relying party, the approve page driven
 * like a browser, and the Helix users endpoint.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import * as client from 'openid-client';
import {
  approve,
  authorizationRequest,
  discover,
  exchange,
  startTestSandbox,
  TestBrowser,
  type TestSandbox,
} from '../shared/oidc-test-kit.ts';
import { SANDBOX_TWITCH_CLIENTS, TWITCH_DEMO_ACCOUNTS, twitchParty, twitchUserIdFor } from './index.ts';

const CLIENT_ID = 'guildgate-test-twitch';
const SECRET = SANDBOX_TWITCH_CLIENTS[CLIENT_ID];
const REDIRECT_URI = 'http://localhost:18181/twitch/callback';

let sandbox: TestSandbox;
let issuer: string;

beforeAll(async () => {
  sandbox = await startTestSandbox((context) => [twitchParty(context)]);
  issuer = `${sandbox.baseUrl}/twitch`;
  // Torn down only once set up (vitest runs the returned function after the file's tests).
  return () => sandbox.close();
});

/** Signs in through the approve page and returns the tokens. */
async function signIn(form: Record<string, string>, scope = 'openid', auth?: client.ClientAuth) {
  const config = await discover(issuer, CLIENT_ID, SECRET, auth);
  const request = await authorizationRequest(config, REDIRECT_URI, { scope });
  const callback = await approve(new TestBrowser(), request.url, { decision: 'authorize', ...form });
  expect(callback.searchParams.get('state')).toBe(request.state);
  return { config, tokens: await exchange(config, request, callback) };
}

describe('Twitch sign-in', () => {
  it('signs a demo user in with PKCE: ID token and userinfo carry sub, preferred_username, picture', async () => {
    const { config, tokens } = await signIn({ account: '41000001' });
    const claims = tokens.claims();
    expect(claims).toMatchObject({
      iss: issuer,
      aud: CLIENT_ID,
      sub: '41000001',
      preferred_username: 'SandboxStreamer',
      picture: `${issuer}/avatars/41000001.svg`,
    });
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    expect(tokens.access_token).not.toContain('.'); // opaque, not a JWT
    expect(tokens.refresh_token).toBeUndefined();
    const userinfo = await client.fetchUserInfo(config, tokens.access_token, '41000001');
    expect(userinfo).toEqual({
      sub: '41000001',
      preferred_username: 'SandboxStreamer',
      picture: `${issuer}/avatars/41000001.svg`,
    });
    const avatar = await fetch(String(userinfo.picture));
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get('content-type')).toBe('image/svg+xml');
    expect(await avatar.text()).toContain('<svg');
  });

  it('accepts user:read:email and client_secret_basic', async () => {
    const { tokens } = await signIn(
      { account: '41000002' },
      'openid user:read:email',
      client.ClientSecretBasic(SECRET),
    );
    expect(tokens.scope?.split(' ').sort()).toEqual(['openid', 'user:read:email']);
    expect(tokens.claims()).toMatchObject({ sub: '41000002', preferred_username: 'PixelQueen' });
  });

  it('creates a fresh user from a username, with a numeric id derived from the name', async () => {
    const { tokens } = await signIn({ account: '41000001', username: 'Fresh_Streamer' });
    const id = twitchUserIdFor('fresh_streamer');
    expect(id).toMatch(/^\d{9}$/);
    expect(twitchUserIdFor('fresh_streamer')).toBe(id);
    expect(tokens.claims()).toMatchObject({ sub: id, preferred_username: 'Fresh_Streamer' });
  });
});

describe('GET /twitch/helix/users', () => {
  const helix = (headers: Record<string, string>) => fetch(`${issuer}/helix/users`, { headers });

  it('answers the token’s user, Helix-shaped (email only with user:read:email)', async () => {
    const { tokens } = await signIn({ account: '41000002' });
    const response = await helix({ authorization: `Bearer ${tokens.access_token}`, 'client-id': CLIENT_ID });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: Record<string, unknown>[] };
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({
      id: '41000002',
      login: 'pixelqueen',
      display_name: 'PixelQueen',
      profile_image_url: `${issuer}/avatars/41000002.svg`,
    });
    expect(body.data[0]).not.toHaveProperty('email');

    const withEmail = await signIn({ account: '41000002' }, 'openid user:read:email');
    const second = await helix({
      authorization: `Bearer ${withEmail.tokens.access_token}`,
      'client-id': CLIENT_ID,
    });
    const secondBody = (await second.json()) as { data: Record<string, unknown>[] };
    expect(secondBody.data[0]?.email).toBe('pixelqueen@twitch.sandbox.test');
  });

  it('answers 401 without a valid token, or when Client-Id is not the token’s client', async () => {
    const { tokens } = await signIn({ account: '41000001' });
    const cases: Record<string, string>[] = [
      { 'client-id': CLIENT_ID },
      { authorization: 'Bearer not-a-token', 'client-id': CLIENT_ID },
      { authorization: `Basic ${tokens.access_token}`, 'client-id': CLIENT_ID },
      { authorization: `Bearer ${tokens.access_token}` },
      { authorization: `Bearer ${tokens.access_token}`, 'client-id': 'guildgate-e2e-twitch' },
    ];
    for (const headers of cases) {
      const response = await helix(headers);
      expect(response.status, JSON.stringify(headers)).toBe(401);
      expect(await response.json()).toMatchObject({ error: 'Unauthorized', status: 401 });
    }
  });
});

describe('Twitch pages', () => {
  it('serves a start page listing endpoints, client ids and demo users', async () => {
    const response = await fetch(issuer);
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain(`${issuer}/.well-known/openid-configuration`);
    expect(page).toContain(`${issuer}/helix/users`);
    for (const [clientId, secret] of Object.entries(SANDBOX_TWITCH_CLIENTS)) {
      expect(page).toContain(clientId);
      expect(page).toContain(secret);
    }
    for (const account of TWITCH_DEMO_ACCOUNTS) expect(page).toContain(account.displayName);
  });
});
