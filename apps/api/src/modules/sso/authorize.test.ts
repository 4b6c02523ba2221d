/**
 * GET oauth, the hub's authorization request (spec §1 Single sign-on, §7 GET oauth; RFC 6749 §4.1.1,
 * §4.1.2, §4.1.2.1; RFC 7636), on every store: unknown clients (and the portal itself) and redirect URIs
 * that are not exactly registered and allow-listed are refused without a redirect; a visitor is sent to
 * log in and back; through the OpenID Provider (issue 21 §2), a player's other problems go back to the
 * client with the state; a code is bound to client, player, redirect URI and PKCE challenge, stored
 * hashed, and lives OAUTH_CODE_TTL_SECONDS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMOUS, STORES, asUser, json } from '../../test/harness.ts';
import { createPlayer, sessionOf } from '../../test/helpers.ts';
import { sha256 } from '../../lib/crypto.ts';
import { ConfigError, loadConfig } from '../../config/config.ts';
import {
  AUTHORIZATION,
  CLIENT,
  NOT_ALLOWED_URI,
  REDIRECT_URI,
  REDIRECT_WITH_QUERY,
  firstCode,
  authorize,
  getOAuth,
  newCode,
  pkcePair,
  startHub,
  type Hub,
} from './test-support.ts';

describe('OAUTH_CODE_TTL_SECONDS', () => {
  it('defaults to 300 seconds and accepts 1 to 600 only (RFC 6749 §4.1.2: at most 10 minutes)', () => {
    expect(loadConfig({}).oauthCodeTtlSeconds).toBe(300);
    expect(loadConfig({ OAUTH_CODE_TTL_SECONDS: '1' }).oauthCodeTtlSeconds).toBe(1);
    expect(loadConfig({ OAUTH_CODE_TTL_SECONDS: '600' }).oauthCodeTtlSeconds).toBe(600);
    for (const bad of ['0', '601', '-5', '2.5', 'ten']) {
      expect(() => loadConfig({ OAUTH_CODE_TTL_SECONDS: bad }), bad).toThrow(ConfigError);
    }
  });
});

/** The authorization response's parameters: the query, or the fragment for the response types that use it. */
function answerOf(target: URL): URLSearchParams {
  return target.hash ? new URLSearchParams(target.hash.slice(1)) : target.searchParams;
}

/** The provider's stored authorization codes (oidc_payloads rows of the model). */
function storedCodes(hub: Hub) {
  return hub.t.ctx.db
    .selectFrom('oidc_payloads')
    .selectAll()
    .where('model', '=', 'AuthorizationCode')
    .execute();
}

describe.each(STORES)('GET oauth on %s', (kind) => {
  let hub: Hub;

  beforeAll(async () => {
    hub = await startHub(kind, 'AuthorizePlayer1', { env: { OAUTH_CODE_TTL_SECONDS: '120' } });
  });
  afterAll(async () => {
    await hub.t.close();
  });

  it('refuses an unknown client, a missing one and the portal itself with 400 on client_id', async () => {
    for (const client_id of ['nobody', '', 'FORUM-EXAMPLE', hub.t.config.portalClientId]) {
      const res = await getOAuth(hub, { ...AUTHORIZATION, client_id });
      expect(res.statusCode, client_id).toBe(400);
      expect(json(res)).toEqual({
        ErrorMessages: [{ Property: 'client_id', ErrorMessage: 'ERROR_OAUTH_CLIENT_UNKNOWN' }],
      });
    }
    const { client_id: _dropped, ...withoutClient } = AUTHORIZATION;
    expect(firstCode(await getOAuth(hub, withoutClient))).toBe('ERROR_OAUTH_CLIENT_UNKNOWN');
    // Even a visitor is told, rather than sent to log in for nothing.
    expect(firstCode(await getOAuth(hub, { ...AUTHORIZATION, client_id: 'nobody' }, ANONYMOUS))).toBe(
      'ERROR_OAUTH_CLIENT_UNKNOWN',
    );
  });

  it('refuses a redirect_uri that is not exactly registered, or not allow-listed, with 400 and no redirect', async () => {
    const refused = [
      'https://partner.example/callback/',
      'https://partner.example/callbackx',
      'https://partner.example/call',
      'https://PARTNER.example/callback',
      'https://partner.example/Callback',
      'HTTPS://partner.example/callback',
      'https://partner.example:443/callback',
      'http://partner.example/callback',
      'https://partner.example/callback?x=1',
      'https://partner.example/callback#frag',
      'https://partner.example/callback%2F',
      'https://partner.example/./callback',
      ' https://partner.example/callback',
      'https://partner.example/return',
      'https://partner.example/return?site=forum&x=1',
      'https://partner.example/',
      'https://evil.example/callback',
      'https://partner.example.evil.example/callback',
      'https://partner.example@evil.example/callback',
      '//partner.example/callback',
      '/callback',
      NOT_ALLOWED_URI,
      '',
    ];
    for (const redirect_uri of refused) {
      for (const headers of [undefined, ANONYMOUS]) {
        const res = await getOAuth(hub, { ...AUTHORIZATION, redirect_uri }, headers);
        expect(res.statusCode, redirect_uri).toBe(400);
        expect(json(res), redirect_uri).toEqual({
          ErrorMessages: [{ Property: 'redirect_uri', ErrorMessage: 'ERROR_OAUTH_REDIRECT_URI_INVALID' }],
        });
      }
    }
    const { redirect_uri: _dropped, ...withoutUri } = AUTHORIZATION;
    expect(firstCode(await getOAuth(hub, withoutUri))).toBe('ERROR_OAUTH_REDIRECT_URI_INVALID');
  });

  it('refuses the redirect URI of a client whose registered list is not a JSON array', async () => {
    await hub.t.ctx.db
      .updateTable('oauth_clients')
      .set({ redirect_uris: 'not json' })
      .where('client_id', '=', 'wiki-example')
      .execute();
    const res = await getOAuth(hub, { ...AUTHORIZATION, client_id: 'wiki-example' });
    expect(firstCode(res)).toBe('ERROR_OAUTH_REDIRECT_URI_INVALID');
  });

  it('sends a visitor to /login and back to /oauth with the whole query, other page parameters included', async () => {
    const query = { ...AUTHORIZATION, lng: 'fr', referrer: 'Friend1', redirectUrl: '/account', scope: 'x y' };
    const res = await getOAuth(hub, query, ANONYMOUS);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const target = json<{ RedirectUri: string }>(res).RedirectUri;
    expect(target.startsWith('/login?redirectUrl=')).toBe(true);
    const back = new URLSearchParams(target.slice('/login?'.length)).get('redirectUrl')!;
    expect(back).toBe(`/oauth?${new URLSearchParams(query).toString()}`);
    expect(await storedCodes(hub)).toEqual([]);
  });

  it('refuses a banned player as the bearer check does (401 ERROR_TOKEN_INVALID)', async () => {
    const banned = await createPlayer(hub.t, 'AuthorizeBanned1');
    const token = (await sessionOf(hub.t, banned)).token.Value;
    await hub.t.ctx.db
      .updateTable('users')
      .set({ banned_at: new Date().toISOString() })
      .where('id', '=', banned.id)
      .execute();
    const res = await getOAuth(hub, AUTHORIZATION, asUser(token));
    expect(res.statusCode).toBe(401);
    expect(firstCode(res)).toBe('ERROR_TOKEN_INVALID');
  });

  it('answers other problems at the client with error and the state, and issues no code', async () => {
    // The provider's answers: an error of a response type it does not support comes in the fragment,
    // that response type's default response mode (OAuth 2.0 Multiple Response Types §2.1, §5).
    const cases: Array<[Record<string, string>, string]> = [
      [{ response_type: 'token' }, 'unsupported_response_type'],
      [{ response_type: '' }, 'invalid_request'],
      [{ response_type: 'code id_token' }, 'unsupported_response_type'],
      [{ state: '' }, 'invalid_request'],
      [{ code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' }, 'invalid_request'],
      [{ code_challenge_method: '' }, 'invalid_request'],
      [{ code_challenge: '' }, 'invalid_request'],
      [{ code_challenge: 'a'.repeat(42), code_challenge_method: 'S256' }, 'invalid_request'],
      [{ code_challenge: 'a'.repeat(129), code_challenge_method: 'S256' }, 'invalid_request'],
      [{ code_challenge: `${'a'.repeat(42)}=`, code_challenge_method: 'S256' }, 'invalid_request'],
      [{ code_challenge: 'a'.repeat(43), code_challenge_method: 's256' }, 'invalid_request'],
    ];
    for (const [extra, error] of cases) {
      const target = await authorize(hub, { ...AUTHORIZATION, ...extra });
      const answer = answerOf(target);
      const context = JSON.stringify(extra);
      expect(`${target.origin}${target.pathname}`, context).toBe(REDIRECT_URI);
      expect(answer.get('error'), context).toBe(error);
      expect(answer.get('state'), context).toBe(extra.state === '' ? null : 'xyz');
      expect(answer.has('code'), context).toBe(false);
    }
    const { response_type: _dropped, ...withoutType } = AUTHORIZATION;
    expect((await authorize(hub, withoutType)).searchParams.get('error')).toBe('invalid_request');
    const { state: _noState, ...withoutState } = AUTHORIZATION;
    const noState = await authorize(hub, withoutState);
    expect(noState.searchParams.get('error')).toBe('invalid_request');
    expect(noState.searchParams.has('state')).toBe(false);
    expect(await storedCodes(hub)).toEqual([]);
  });

  it('issues a code bound to client, player, redirect URI and challenge; stores only its SHA-256', async () => {
    const { challenge } = pkcePair('bound');
    const state = 'a state with spaces & = + / ? #';
    const code = await newCode(hub, { state, code_challenge: challenge, code_challenge_method: 'S256' });
    const row = await hub.t.ctx.db
      .selectFrom('oidc_payloads')
      .selectAll()
      .where('model', '=', 'AuthorizationCode')
      .where('id_hash', '=', sha256(code))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.payload)).toMatchObject({
      clientId: CLIENT,
      accountId: hub.player.idUser,
      redirectUri: REDIRECT_URI,
      codeChallenge: challenge,
      codeChallengeMethod: 'S256',
      scope: 'openid profile',
    });
    expect(row.consumed_at).toBeNull();
    const lifetime = Date.parse(row.expires_at ?? '') - Date.now();
    expect(lifetime).toBeGreaterThanOrEqual(110_000);
    expect(lifetime).toBeLessThanOrEqual(121_000);
    const stored = JSON.stringify(await storedCodes(hub));
    expect(stored).not.toContain(code);
  });

  it('requires PKCE of every client (RFC 9700 §2.1.1): no challenge, no code, an invalid_request', async () => {
    const { code_challenge: _challenge, code_challenge_method: _method, ...withoutPkce } = AUTHORIZATION;
    const before = await storedCodes(hub);
    for (const query of [withoutPkce, { ...withoutPkce, code_challenge_method: 'S256' }]) {
      const target = await authorize(hub, query);
      expect(`${target.origin}${target.pathname}`).toBe(REDIRECT_URI);
      expect(target.searchParams.get('error')).toBe('invalid_request');
      expect(target.searchParams.get('error_description')).toMatch(/PKCE|code_challenge/);
      expect(target.searchParams.get('state')).toBe('xyz');
      expect(target.searchParams.has('code')).toBe(false);
    }
    const after = await storedCodes(hub);
    expect(after).toHaveLength(before.length);
  });

  it('grants the scopes it knows (RFC 6749 §3.3), ignores others, refuses malformed ones', async () => {
    for (const scope of ['openid', 'profile', 'openid profile', 'openid profile email']) {
      const target = await authorize(hub, { ...AUTHORIZATION, scope });
      expect(target.searchParams.has('code'), scope).toBe(true);
    }
    // A scope it does not know is left out (OIDC Core §3.1.2.1: "SHOULD be ignored")…
    const code = await newCode(hub, { scope: 'openid account' });
    const row = await hub.t.ctx.db
      .selectFrom('oidc_payloads')
      .select('payload')
      .where('model', '=', 'AuthorizationCode')
      .where('id_hash', '=', sha256(code))
      .executeTakeFirstOrThrow();
    expect((JSON.parse(row.payload) as { scope: string }).scope).toBe('openid');
    // …and with none it knows, nothing is granted.
    expect((await authorize(hub, { ...AUTHORIZATION, scope: 'account' })).searchParams.has('code')).toBe(
      false,
    );
    for (const scope of ['  profile   openid ', 'openid\u0001']) {
      const target = await authorize(hub, { ...AUTHORIZATION, scope });
      expect(target.searchParams.get('error'), scope).toBe('invalid_scope');
      expect(target.searchParams.has('code'), scope).toBe(false);
    }
  });

  it("keeps the redirect URI's own query and adds code and state to it", async () => {
    const target = await authorize(hub, { ...AUTHORIZATION, redirect_uri: REDIRECT_WITH_QUERY });
    expect(`${target.origin}${target.pathname}`).toBe('https://partner.example/return');
    // No `iss` (RFC 9207) for the spec's partners, which know the hub by its origin, not as an issuer.
    expect([...target.searchParams.keys()]).toEqual(['site', 'code', 'state']);
    expect(target.searchParams.get('site')).toBe('forum');
    const refused = await authorize(hub, {
      ...AUTHORIZATION,
      redirect_uri: REDIRECT_WITH_QUERY,
      code_challenge_method: 'plain',
    });
    expect(refused.searchParams.get('site')).toBe('forum');
    expect(refused.searchParams.get('error')).toBe('invalid_request');
  });

  it('gives a new code at every request', async () => {
    const first = await newCode(hub);
    const second = await newCode(hub);
    expect(first).not.toBe(second);
  });
});
