/**
 * The Epic Games stand-in end to end (DESIGN.md §1 Epic Games; spec §7 `epicgames/auth`,
 * `epicgames/callback`): real HTTP against a Fastify app with the party, `openid-client` as the relying
 * party and the approve page driven like a browser.
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
import {
  EPIC_GAMES_DEMO_ACCOUNTS,
  SANDBOX_EPIC_GAMES_CLIENTS,
  epicAccountIdFor,
  epicGamesParty,
} from './index.ts';

const CLIENT_ID = 'guildgate-test-epic';
const SECRET = SANDBOX_EPIC_GAMES_CLIENTS[CLIENT_ID];

let sandbox: TestSandbox;
let issuer: string;

beforeAll(async () => {
  sandbox = await startTestSandbox((context) => [epicGamesParty(context)]);
  issuer = `${sandbox.baseUrl}/epic-games`;
  // Torn down only once set up (vitest runs the returned function after the file's tests).
  return () => sandbox.close();
});

describe('Epic Games sign-in', () => {
  it.each([
    ['http://localhost:8080/epic-games/callback', 'e1c0000000000000000000000000a001', 'SandboxHero'],
    ['http://127.0.0.1:41999/api/epicgames/callback', 'e1c0000000000000000000000000a002', 'NightRider'],
  ])('signs a demo account in (redirect %s)', async (redirectUri, accountId, displayName) => {
    const config = await discover(issuer, CLIENT_ID, SECRET);
    const request = await authorizationRequest(config, redirectUri, { scope: 'openid basic_profile' });
    const callback = await approve(new TestBrowser(), request.url, {
      decision: 'authorize',
      account: accountId,
    });
    expect(`${callback.origin}${callback.pathname}`).toBe(redirectUri);
    const tokens = await exchange(config, request, callback);
    expect(tokens.scope?.split(' ').sort()).toEqual(['basic_profile', 'openid']);
    const avatar = `${issuer}/avatars/${accountId}.svg`;
    expect(tokens.claims()).toMatchObject({
      iss: issuer,
      aud: CLIENT_ID,
      sub: accountId,
      preferred_username: displayName,
      picture: avatar,
    });
    const userinfo = await client.fetchUserInfo(config, tokens.access_token, accountId);
    expect(userinfo).toEqual({ sub: accountId, preferred_username: displayName, picture: avatar });
    expect((await fetch(avatar)).status).toBe(200);
  });

  it('creates a fresh account from a username, with a 32-hex id derived from the name', async () => {
    const config = await discover(issuer, CLIENT_ID, SECRET, client.ClientSecretBasic(SECRET));
    const request = await authorizationRequest(config, 'http://localhost:8185/epic-games/callback');
    const callback = await approve(new TestBrowser(), request.url, {
      decision: 'authorize',
      username: 'New.Player',
    });
    const tokens = await exchange(config, request, callback);
    const id = epicAccountIdFor('new.player');
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(tokens.claims()).toMatchObject({ sub: id, preferred_username: 'New.Player' });
    const page = await (await fetch(issuer)).text();
    expect(page).toContain(id);
  });

  it('refuses redirect URIs of the other paths (e.g. Twitch’s)', async () => {
    const config = await discover(issuer, CLIENT_ID, SECRET);
    for (const redirectUri of [
      'http://localhost:8080/twitch/callback',
      'http://localhost:8080/epicgames/callback',
      'http://localhost:8080/epic-games/callback/',
    ]) {
      const request = await authorizationRequest(config, redirectUri);
      const response = await fetch(request.url, { redirect: 'manual' });
      expect(response.status, redirectUri).toBe(400);
      expect(response.headers.get('location')).toBeNull();
    }
  });
});

describe('Epic Games pages', () => {
  it('serves a start page listing endpoints, client ids and demo accounts', async () => {
    const response = await fetch(issuer);
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain(`${issuer}/.well-known/openid-configuration`);
    for (const clientId of Object.keys(SANDBOX_EPIC_GAMES_CLIENTS)) expect(page).toContain(clientId);
    for (const account of EPIC_GAMES_DEMO_ACCOUNTS) {
      expect(page).toContain(account.displayName);
      expect(page).toContain(account.id);
    }
  });
});
