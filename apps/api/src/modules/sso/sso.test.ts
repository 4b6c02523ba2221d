/**
 * The hub's authorization code flow (spec §1 Single sign-on, §7 GET oauth, token/refresh, token/verify;
 * RFC 6749 §4.1, RFC 7636) on every store: unknown clients and mismatched redirect URIs never redirect;
 * a visitor logs in first; errors go back with the state; a code is exchanged once, by its client, for
 * the redirect URI it was issued for, with its PKCE verifier, within its lifetime; a replay revokes
 * the first exchange's session; the tokens work with the client's id only and refuse tampering.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMOUS, STORES, asUser, json, startTestApp, type TestApp } from '../../test/harness.ts';
import { createPlayer, sessionOf } from '../../test/helpers.ts';
import { issueClientSecret } from '../../plugins/client-auth.ts';

const CLIENT = 'forum-example';
const OTHER = 'wiki-example';
const REDIRECT_URI = 'https://partner.example/callback';

describe.each(STORES)('the hub on %s', (kind) => {
  let t: TestApp;
  let secret: string;
  let otherSecret: string;
  let bearer: string;
  let idUser: string;

  beforeAll(async () => {
    t = await startTestApp(kind, {
      env: { REDIRECT_PATTERNS: 'https://partner.example/,https://unlisted.example/' },
    });
    secret = await issueClientSecret(t.ctx.db, CLIENT, 'Forum');
    otherSecret = await issueClientSecret(t.ctx.db, OTHER, 'Wiki');
    await t.ctx.db
      .updateTable('oauth_clients')
      .set({ redirect_uris: JSON.stringify([REDIRECT_URI, 'https://not-allow-listed.example/cb']) })
      .where('client_id', 'in', [CLIENT, OTHER])
      .execute();
    const player = await createPlayer(t, 'HubPlayer1');
    idUser = player.idUser;
    bearer = (await sessionOf(t, player)).token.Value;
  });
  afterAll(async () => {
    await t.close();
  });

  const oauth = (query: Record<string, string>, headers: Record<string, string> = asUser(bearer)) =>
    t.app.inject({ method: 'GET', url: `/api/oauth?${new URLSearchParams(query)}`, headers });
  const codeOf = (res: { body: string }) =>
    (JSON.parse(res.body) as { ErrorMessages: Array<{ ErrorMessage: string }> }).ErrorMessages[0]
      ?.ErrorMessage;
  const basic = (id: string, password: string) =>
    `Basic ${Buffer.from(`${id}:${password}`).toString('base64')}`;
  const token = (body: Record<string, string>, authorization = basic(CLIENT, secret)) =>
    t.app.inject({
      method: 'POST',
      url: '/api/oauth/token',
      headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(body).toString(),
    });
  const valid = { client_id: CLIENT, redirect_uri: REDIRECT_URI, state: 'xyz', response_type: 'code' };
  /** A fresh code for CLIENT (with optional extra authorization parameters). */
  async function newCode(extra: Record<string, string> = {}): Promise<string> {
    const res = await oauth({ ...valid, ...extra });
    expect(res.statusCode, res.body).toBe(200);
    const target = new URL(json<{ RedirectUri: string }>(res).RedirectUri);
    expect(`${target.origin}${target.pathname}`).toBe(REDIRECT_URI);
    expect(target.searchParams.get('state')).toBe('xyz');
    return target.searchParams.get('code')!;
  }

  it('refuses unknown clients, the portal itself and redirect URIs that are not exactly registered and allowed', async () => {
    expect(codeOf(await oauth({ ...valid, client_id: 'nobody' }))).toBe('ERROR_OAUTH_CLIENT_UNKNOWN');
    expect(codeOf(await oauth({ ...valid, client_id: t.config.portalClientId }))).toBe(
      'ERROR_OAUTH_CLIENT_UNKNOWN',
    );
    for (const redirect_uri of [
      'https://partner.example/callback/',
      'https://partner.example/callbackx',
      'https://PARTNER.example/callback',
      'https://partner.example/callback?x=1',
      'https://partner.example/',
      'https://not-allow-listed.example/cb',
      '',
    ]) {
      const res = await oauth({ ...valid, redirect_uri });
      expect(res.statusCode, redirect_uri).toBe(400);
      expect(codeOf(res), redirect_uri).toBe('ERROR_OAUTH_REDIRECT_URI_INVALID');
    }
  });

  it('sends a visitor to log in first and back to /oauth', async () => {
    const res = await oauth(valid, ANONYMOUS);
    const target = json<{ RedirectUri: string }>(res).RedirectUri;
    expect(target.startsWith('/login?redirectUrl=')).toBe(true);
    const back = decodeURIComponent(target.slice('/login?redirectUrl='.length));
    expect(back).toBe(`/oauth?${new URLSearchParams(valid).toString()}`);
  });

  it('answers other problems at the client with the state', async () => {
    const wrongType = new URL(
      json<{ RedirectUri: string }>(await oauth({ ...valid, response_type: 'token' })).RedirectUri,
    );
    expect(wrongType.searchParams.get('error')).toBe('unsupported_response_type');
    expect(wrongType.searchParams.get('state')).toBe('xyz');
    const noState = new URL(json<{ RedirectUri: string }>(await oauth({ ...valid, state: '' })).RedirectUri);
    expect(noState.searchParams.get('error')).toBe('invalid_request');
    const plain = await oauth({ ...valid, code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' });
    expect(new URL(json<{ RedirectUri: string }>(plain).RedirectUri).searchParams.get('error')).toBe(
      'invalid_request',
    );
  });

  it('exchanges a code once for tokens of the client, which verify and refresh with its id only', async () => {
    const code = await newCode();
    const res = await token({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const tokens = json<{ access_token: string; refresh_token: string; token_type: string; Id_User: string }>(
      res,
    );
    expect(tokens.token_type).toBe('Bearer');
    expect(tokens.Id_User).toBe(idUser);
    const verify = (client_id: string, access_token: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/token/verify?${new URLSearchParams({ client_id, access_token })}`,
        headers: ANONYMOUS,
      });
    const verified = await verify(CLIENT, tokens.access_token);
    expect(verified.statusCode).toBe(200);
    expect(json(verified)).toMatchObject({ Id_User: idUser, Username: 'HubPlayer1' });
    expect(codeOf(await verify(OTHER, tokens.access_token))).toBe('ERROR_TOKEN_INVALID');
    expect(codeOf(await verify(t.config.portalClientId, tokens.access_token))).toBe('ERROR_TOKEN_INVALID');
    const [head, payload, signature] = tokens.access_token.split('.');
    const flip = (text: string) => (text.startsWith('A') ? `B${text.slice(1)}` : `A${text.slice(1)}`);
    expect(codeOf(await verify(CLIENT, `${head}.${payload}.${flip(signature!)}`))).toBe(
      'ERROR_TOKEN_INVALID',
    );
    expect(codeOf(await verify(CLIENT, `${head}.${flip(payload!)}.${signature}`))).toBe(
      'ERROR_TOKEN_INVALID',
    );

    const refresh = (client_id: string, refresh_token: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/token/refresh?${new URLSearchParams({ access_token: tokens.access_token, refresh_token, client_id })}`,
        headers: ANONYMOUS,
      });
    expect(codeOf(await refresh(OTHER, tokens.refresh_token))).toBe('ERROR_TOKEN_INVALID');
    expect(codeOf(await refresh(CLIENT, flip(tokens.refresh_token)))).toBe('ERROR_TOKEN_INVALID_REFRESH');
    const refreshed = await refresh(CLIENT, tokens.refresh_token);
    expect(refreshed.statusCode, refreshed.body).toBe(200);

    // The same code again: refused, and the session of its first exchange is revoked.
    const replay = await token({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI });
    expect(replay.statusCode).toBe(400);
    expect(json(replay)).toEqual({
      error: 'invalid_grant',
      ErrorMessages: [{ Property: '', ErrorMessage: 'ERROR_OAUTH_GRANT_INVALID' }],
    });
    const next = json<{ Refresh: string }>(refreshed).Refresh;
    expect(codeOf(await refresh(CLIENT, next))).toBe('ERROR_TOKEN_INVALID_REFRESH');
  });

  it('refuses another client, another redirect URI, an expired code and bad client credentials', async () => {
    const grant = { grant_type: 'authorization_code', redirect_uri: REDIRECT_URI };
    expect(json(await token({ ...grant, code: await newCode() }, basic(OTHER, otherSecret)))).toMatchObject({
      error: 'invalid_grant',
    });
    expect(
      json(await token({ ...grant, code: await newCode(), redirect_uri: 'https://partner.example/other' })),
    ).toMatchObject({ error: 'invalid_grant' });
    const expired = await newCode();
    await t.ctx.db.updateTable('oauth_codes').set({ expires_at: '2000-01-01T00:00:00.000Z' }).execute();
    expect(json(await token({ ...grant, code: expired }))).toMatchObject({ error: 'invalid_grant' });
    expect(json(await token({ ...grant, code: 'never-issued' }))).toMatchObject({ error: 'invalid_grant' });
    expect(json(await token({ ...grant, grant_type: 'password', code: 'x' }))).toMatchObject({
      error: 'unsupported_grant_type',
    });
    expect(json(await token({ grant_type: 'authorization_code' }))).toMatchObject({
      error: 'invalid_request',
    });
    const wrongSecret = await token({ ...grant, code: await newCode() }, basic(CLIENT, 'wrong'));
    expect(wrongSecret.statusCode).toBe(401);
    expect(wrongSecret.headers['www-authenticate']).toMatch(/^Basic /);
    expect(json(wrongSecret)).toMatchObject({ error: 'invalid_client' });
  });

  it('checks the PKCE verifier of a code issued with a challenge', async () => {
    const verifier = 'v'.repeat(43) + 'erifier-of-the-partner-site';
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const pkce = { code_challenge: challenge, code_challenge_method: 'S256' };
    const grant = { grant_type: 'authorization_code', redirect_uri: REDIRECT_URI };
    expect(json(await token({ ...grant, code: await newCode(pkce) }))).toMatchObject({
      error: 'invalid_grant',
    });
    const wrong = { ...grant, code: await newCode(pkce), code_verifier: `${verifier}x` };
    expect(json(await token(wrong))).toMatchObject({ error: 'invalid_grant' });
    const right = await token({ ...grant, code: await newCode(pkce), code_verifier: verifier });
    expect(right.statusCode, right.body).toBe(200);
  });
});
