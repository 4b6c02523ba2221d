/**
 * The hub's authorization code flow end to end at the API (spec §1 Single sign-on, §7 GET oauth,
 * token/refresh, token/verify; RFC 6749 §4.1, §4.1.2, §5.1), through the OpenID Provider the spec's
 * calls adapt (issue 21 §2), on every store: a code is exchanged once for tokens of the partner client
 * that verify (Id_User, Username) and refresh with that client's id only, and refuse tampering; a
 * replayed code — also two exchanges at once — is refused and revokes what its first exchange gave.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../lib/crypto.ts';
import { STORES, json } from '../../test/harness.ts';
import {
  CLIENT,
  OTHER,
  auditEvents,
  firstCode,
  grant,
  newCode,
  postToken,
  refreshToken,
  startHub,
  tokensOf,
  verifyToken,
  type Hub,
  type HubTokens,
} from './test-support.ts';

/** `text` with its first character changed. */
const flipFirst = (text: string) => (text.startsWith('A') ? `B${text.slice(1)}` : `A${text.slice(1)}`);
/** `text` with its last character changed. */
const flipLast = (text: string) => (text.endsWith('A') ? `${text.slice(0, -1)}B` : `${text.slice(0, -1)}A`);
/**
 * `text` with its middle character changed to one that differs in every base64url bit ('A' ↔ '_'): the
 * last character of a base64url part may carry padding bits only, so changing it may change nothing.
 */
const flipMiddle = (text: string) => {
  const at = Math.floor(text.length / 2);
  return `${text.slice(0, at)}${text[at] === 'A' ? '_' : 'A'}${text.slice(at + 1)}`;
};

/** The provider's stored object of `model` whose id is `id` (found by its SHA-256), with its payload. */
async function payloadOf(hub: Hub, model: string, id: string) {
  const row = await hub.t.ctx.db
    .selectFrom('oidc_payloads')
    .selectAll()
    .where('model', '=', model)
    .where('id_hash', '=', sha256(id))
    .executeTakeFirst();
  return row && { ...row, payload: JSON.parse(row.payload) as Record<string, unknown> };
}

describe.each(STORES)('the hub on %s', (kind) => {
  let hub: Hub;

  beforeAll(async () => {
    hub = await startHub(kind, 'HubPlayer1');
  });
  afterAll(async () => {
    await hub.t.close();
  });

  it('exchanges a code for a session of the client: Bearer tokens, no caching, the player', async () => {
    const code = await newCode(hub);
    const res = await postToken(hub, grant(code));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.pragma).toBe('no-cache');
    const tokens = json<HubTokens>(res);
    expect(Object.keys(tokens).sort()).toEqual([
      'Id_User',
      'access_token',
      'expires_in',
      'refresh_token',
      'scope',
      'token_type',
    ]);
    expect(tokens).toMatchObject({
      token_type: 'Bearer',
      expires_in: 900,
      scope: 'openid profile',
      Id_User: hub.player.idUser,
    });
    // The provider's access token of this client and player (stored by its hash only), and the code used.
    const stored = await payloadOf(hub, 'AccessToken', tokens.access_token);
    expect(stored?.payload).toMatchObject({ clientId: CLIENT, accountId: hub.player.idUser });
    expect(JSON.stringify(stored)).not.toContain(tokens.access_token);
    expect((await payloadOf(hub, 'AuthorizationCode', code))?.consumed_at).not.toBeNull();
    // Audited, as the provider's events: the code issued and the token request answered.
    await expect
      .poll(() => auditEvents(hub.t, 'oidc.token_issued'))
      .toContainEqual({
        user_id: hub.player.id,
        detail: { clientId: CLIENT, grantType: 'authorization_code' },
      });
    expect(await auditEvents(hub.t, 'oidc.code_issued')).toContainEqual({
      user_id: hub.player.id,
      detail: { clientId: CLIENT, scope: 'openid profile' },
    });
  });

  it('verifies the access token with the client id only: ExpiresIn, Id_User and Username', async () => {
    const tokens = await tokensOf(hub);
    const verified = await verifyToken(hub, CLIENT, tokens.access_token);
    expect(verified.statusCode, verified.body).toBe(200);
    const body = json<{ ExpiresIn: number; Id_User: string; Username: string }>(verified);
    expect(body).toMatchObject({ Id_User: hub.player.idUser, Username: 'HubPlayer1' });
    expect(body.ExpiresIn).toBeGreaterThan(0);
    expect(body.ExpiresIn).toBeLessThanOrEqual(900);
    for (const client of [OTHER, hub.t.config.portalClientId, 'nobody', CLIENT.toUpperCase()]) {
      const res = await verifyToken(hub, client, tokens.access_token);
      expect(res.statusCode, client).toBe(400);
      expect(firstCode(res), client).toBe('ERROR_TOKEN_INVALID');
    }
  });

  it('refuses a tampered access token, and never refreshes with a live token of another client', async () => {
    const tokens = await tokensOf(hub);
    const token = tokens.access_token;
    for (const forged of [
      flipFirst(token),
      flipMiddle(token),
      flipLast(token),
      `${token}A`,
      token.slice(1),
    ]) {
      expect(firstCode(await verifyToken(hub, CLIENT, forged)), forged).toBe('ERROR_TOKEN_INVALID');
    }
    // The refresh grant needs only the refresh token (RFC 6749 §6); a live access token presented with it
    // must be of the same client.
    const others = await tokensOf(hub, OTHER);
    const mixed = {
      client_id: CLIENT,
      access_token: others.access_token,
      refresh_token: tokens.refresh_token,
    };
    expect(firstCode(await refreshToken(hub, mixed))).toBe('ERROR_TOKEN_INVALID');
    // The genuine pair still works after all of that.
    const genuine = { client_id: CLIENT, access_token: token, refresh_token: tokens.refresh_token };
    expect((await refreshToken(hub, genuine)).statusCode).toBe(200);
  });

  it('refreshes with the client id only, and refuses a tampered refresh token', async () => {
    const tokens = await tokensOf(hub);
    const query = {
      client_id: CLIENT,
      access_token: tokens.access_token,
      refresh_token: tokens.refresh_token,
    };
    for (const client_id of [OTHER, hub.t.config.portalClientId]) {
      expect(firstCode(await refreshToken(hub, { ...query, client_id })), client_id).toBe(
        'ERROR_TOKEN_INVALID',
      );
    }
    for (const refresh_token of [flipFirst(tokens.refresh_token), flipLast(tokens.refresh_token), '']) {
      const res = await refreshToken(hub, { ...query, refresh_token });
      expect(res.statusCode, refresh_token).toBe(400);
    }
    const refreshed = await refreshToken(hub, query);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const next = json<{ AccessToken: string; Refresh: string }>(refreshed);
    expect((await verifyToken(hub, CLIENT, next.AccessToken)).statusCode).toBe(200);
    expect(firstCode(await verifyToken(hub, OTHER, next.AccessToken))).toBe('ERROR_TOKEN_INVALID');
    // The spent refresh token again: refused, and the grant with its tokens is revoked (rotation,
    // RFC 9700 §4.14.2).
    expect(firstCode(await refreshToken(hub, query))).toBe('ERROR_TOKEN_INVALID_REFRESH');
    expect(firstCode(await verifyToken(hub, CLIENT, next.AccessToken))).toBe('ERROR_TOKEN_INVALID');
  });

  it("refuses a replayed code and revokes the session of the code's first exchange", async () => {
    const code = await newCode(hub);
    const first = json<HubTokens>(await postToken(hub, grant(code)));
    const refreshed = await refreshToken(hub, {
      client_id: CLIENT,
      access_token: first.access_token,
      refresh_token: first.refresh_token,
    });
    expect(refreshed.statusCode).toBe(200);
    const next = json<{ AccessToken: string; Refresh: string }>(refreshed);

    const replay = await postToken(hub, grant(code));
    expect(replay.statusCode).toBe(400);
    expect(replay.headers['cache-control']).toBe('no-store');
    expect(json(replay)).toEqual({
      error: 'invalid_grant',
      error_description: expect.any(String),
      ErrorMessages: [{ Property: '', ErrorMessage: 'ERROR_OAUTH_GRANT_INVALID' }],
    });
    expect(firstCode(await verifyToken(hub, CLIENT, next.AccessToken))).toBe('ERROR_TOKEN_INVALID');
    const afterReplay = { client_id: CLIENT, access_token: next.AccessToken, refresh_token: next.Refresh };
    expect(firstCode(await refreshToken(hub, afterReplay))).toBe('ERROR_TOKEN_INVALID_REFRESH');
    await expect
      .poll(async () => (await auditEvents(hub.t, 'oidc.replay_refused')).at(-1))
      .toEqual({ user_id: null, detail: { clientId: CLIENT, grantType: 'authorization_code' } });
    // A third try is refused too; the player's portal session is untouched.
    expect(json(await postToken(hub, grant(code)))).toMatchObject({ error: 'invalid_grant' });
    expect((await verifyToken(hub, hub.t.config.portalClientId, hub.bearer)).statusCode).toBe(200);
  });

  it('lets at most one of two simultaneous exchanges of a code win, and revokes what it got', async () => {
    const code = await newCode(hub);
    const answers = await Promise.all([postToken(hub, grant(code)), postToken(hub, grant(code))]);
    // At most one exchange gets tokens; the other is a second use of the code, and what the first got is
    // revoked — the winner may even be refused itself when the revocation lands before its answer.
    const statuses = answers.map((res) => res.statusCode).sort();
    expect([
      [200, 400],
      [400, 400],
    ]).toContainEqual(statuses);
    for (const res of answers)
      expect(json(res), res.body).toMatchObject(res.statusCode === 200 ? {} : { error: 'invalid_grant' });
    const winner = answers.find((res) => res.statusCode === 200);
    if (winner) {
      const won = json<HubTokens>(winner);
      const check = await verifyToken(hub, CLIENT, won.access_token);
      expect(firstCode(check), `${check.statusCode} ${check.body}`).toBe('ERROR_TOKEN_INVALID');
      const afterRace = {
        client_id: CLIENT,
        access_token: won.access_token,
        refresh_token: won.refresh_token,
      };
      expect(firstCode(await refreshToken(hub, afterRace))).toBe('ERROR_TOKEN_INVALID_REFRESH');
    }
    // Either way, the code gives nothing more.
    expect(json(await postToken(hub, grant(code)))).toMatchObject({ error: 'invalid_grant' });
  });
});
