/**
 * The hub's authorization code flow end to end at the API (spec §1 Single sign-on, §7 GET oauth,
 * token/refresh, token/verify; RFC 6749 §4.1, §4.1.2, §5.1), on every store: a code is exchanged once
 * for a session of the partner client whose tokens verify (Id_User, Username) and refresh with that
 * client's id only, and refuse tampering; a replayed code — also two exchanges at once — is refused
 * and revokes the session of its first exchange.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { STORES, json } from '../../test/harness.ts';
import { pastReuseGrace } from '../../test/helpers.ts';
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
    const claims = decodeJwt(tokens.access_token);
    expect(claims).toMatchObject({ aud: CLIENT, sub: hub.player.idUser, iss: hub.t.config.publicUrl });
    const session = await hub.t.ctx.db
      .selectFrom('sessions')
      .select(['id', 'client_id', 'user_id', 'revoked_at'])
      .where('id', '=', claims.sid as string)
      .executeTakeFirstOrThrow();
    expect(session).toEqual({ id: claims.sid, client_id: CLIENT, user_id: hub.player.id, revoked_at: null });
    const row = await hub.t.ctx.db
      .selectFrom('oauth_codes')
      .select(['used_at', 'session_id'])
      .where('session_id', '=', session.id)
      .executeTakeFirstOrThrow();
    expect(row.used_at).not.toBeNull();
    expect((await auditEvents(hub.t, 'sso.code_redeemed')).at(-1)).toEqual({
      user_id: hub.player.id,
      detail: { clientId: CLIENT, sessionId: session.id },
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

  it('refuses a tampered access token: signature, payload or header changed', async () => {
    const tokens = await tokensOf(hub);
    const [head, payload, signature] = tokens.access_token.split('.') as [string, string, string];
    const forgedClaims = Buffer.from(
      JSON.stringify({ ...decodeJwt(tokens.access_token), sub: 'someone-else' }),
    ).toString('base64url');
    const forged = [
      `${head}.${payload}.${flipFirst(signature)}`,
      `${head}.${payload}.${flipMiddle(signature)}`,
      `${head}.${flipFirst(payload)}.${signature}`,
      `${head}.${flipMiddle(payload)}.${signature}`,
      `${head}.${forgedClaims}.${signature}`,
      `${flipMiddle(head)}.${payload}.${signature}`,
      `${Buffer.from('{"alg":"none","typ":"at+jwt"}').toString('base64url')}.${payload}.`,
      `${head}.${payload}`,
    ];
    for (const token of forged) {
      expect(firstCode(await verifyToken(hub, CLIENT, token)), token).toBe('ERROR_TOKEN_INVALID');
      const refresh = await refreshToken(hub, {
        client_id: CLIENT,
        access_token: token,
        refresh_token: tokens.refresh_token,
      });
      expect(firstCode(refresh), token).toBe('ERROR_TOKEN_INVALID');
    }
    // The genuine pair still works after all of that.
    const genuine = {
      client_id: CLIENT,
      access_token: tokens.access_token,
      refresh_token: tokens.refresh_token,
    };
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
    expect(decodeJwt(next.AccessToken).aud).toBe(CLIENT);
    expect((await verifyToken(hub, CLIENT, next.AccessToken)).statusCode).toBe(200);
    // The spent refresh token again, after the reuse grace interval: refused, and the session is revoked
    // (rotation, DESIGN.md §5).
    await pastReuseGrace(hub.t, query.refresh_token);
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
    expect((await auditEvents(hub.t, 'sso.code_replayed')).at(-1)).toEqual({
      user_id: hub.player.id,
      detail: { clientId: CLIENT, codeClientId: CLIENT, sessionId: decodeJwt(first.access_token).sid },
    });
    // A third try is refused too; the player's portal session is untouched.
    expect(json(await postToken(hub, grant(code)))).toMatchObject({ error: 'invalid_grant' });
    expect((await verifyToken(hub, hub.t.config.portalClientId, hub.bearer)).statusCode).toBe(200);
  });

  it('lets exactly one of two simultaneous exchanges of a code win, and revokes what it got', async () => {
    const code = await newCode(hub);
    const answers = await Promise.all([postToken(hub, grant(code)), postToken(hub, grant(code))]);
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([200, 400]);
    const won = json<HubTokens>(answers.find((res) => res.statusCode === 200)!);
    const session = await hub.t.ctx.db
      .selectFrom('sessions')
      .select('revoked_at')
      .where('id', '=', decodeJwt(won.access_token).sid as string)
      .executeTakeFirstOrThrow();
    // The losing exchange is a second use of the code: the winner's session is revoked too.
    expect(session.revoked_at).not.toBeNull();
    expect(firstCode(await verifyToken(hub, CLIENT, won.access_token))).toBe('ERROR_TOKEN_INVALID');
  });
});
