/**
 * Tokens (spec §3 Token, §4 Session, §7 token/{identity}, token/refresh, token/verify; DESIGN.md §5):
 * the EdDSA access JWT and its fields, rotation of the refresh token with reuse detection, refusal of
 * tampered, foreign-key, wrong-client, expired and revoked tokens.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, decodeJwt, decodeProtectedHeader, generateKeyPair, jwtVerify } from 'jose';
import type { Token, TokenRefreshResponse } from '@guildgate/contracts';
import { sha256 } from '../../lib/crypto.ts';
import { ANONYMOUS, STORES, asUser, json, startTestApp, type TestApp } from '../../test/harness.ts';
import {
  createPlayer,
  expectErrors,
  getToken,
  logIn,
  pastReuseGrace,
  sessionOf,
  sleep,
  type Player,
} from '../../test/helpers.ts';

const CLIENT = 'guildgate-portal';

function refresh(t: TestApp, query: { access_token?: string; refresh_token?: string; client_id?: string }) {
  return t.app.inject({ method: 'GET', url: '/api/token/refresh', headers: ANONYMOUS, query });
}

function verify(t: TestApp, query: { access_token?: string; client_id?: string }) {
  return t.app.inject({ method: 'GET', url: '/api/token/verify', headers: ANONYMOUS, query });
}

function logOut(t: TestApp, idUser: string, accessToken: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/log/user/${idUser}/log-out`,
    headers: asUser(accessToken),
  });
}

/** `jwt` with one character in the middle of its signature changed. */
function flipSignature(jwt: string): string {
  const dot = jwt.lastIndexOf('.');
  const i = dot + 1 + 20;
  const flipped = jwt[i] === 'A' ? 'B' : 'A';
  return jwt.slice(0, i) + flipped + jwt.slice(i + 1);
}

/** `jwt` with its payload replaced by `claims` (signature kept). */
function withClaims(jwt: string, claims: Record<string, unknown>): string {
  const [header, , signature] = jwt.split('.');
  return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
}

/** The same header and claims as `jwt`, signed with a freshly generated Ed25519 key. */
async function signedByAnotherKey(jwt: string): Promise<string> {
  const header = decodeProtectedHeader(jwt);
  const claims = decodeJwt(jwt);
  const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'EdDSA', kid: header.kid, typ: 'at+jwt' })
    .sign(privateKey);
}

describe.each(STORES)('tokens on %s', (kind) => {
  let t: TestApp;
  let player: Player;
  beforeAll(async () => {
    t = await startTestApp(kind);
    player = await createPlayer(t, 'TokenPlayer1');
  });
  afterAll(async () => {
    await t.close();
  });

  describe('GET token/{identity}', () => {
    it('answers an EdDSA access JWT for the player, a refresh token and the spec fields', async () => {
      const identity = await logIn(t, player);
      const before = Date.now();
      const res = await getToken(t, identity);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const token = json<Token>(res);
      expect(Object.keys(token).sort()).toEqual([
        'ExpiresIn',
        'ExprireAt',
        'Id_User',
        'Refresh',
        'Refreshed',
        'Validated',
        'Value',
      ]);
      expect(token).toMatchObject({
        Id_User: player.idUser,
        Validated: true,
        Refreshed: false,
        ExpiresIn: 900,
      });

      expect(decodeProtectedHeader(token.Value)).toMatchObject({
        alg: 'EdDSA',
        typ: 'at+jwt',
        kid: t.ctx.signingKey.kid,
      });
      const { payload } = await jwtVerify(token.Value, t.ctx.signingKey.publicKey, {
        issuer: 'http://portal.test',
        audience: CLIENT,
      });
      const session = await t.ctx.db
        .selectFrom('sessions')
        .select('id')
        .where('identity_hash', '=', sha256(identity))
        .executeTakeFirstOrThrow();
      expect(payload).toMatchObject({ sub: player.idUser, aud: CLIENT, sid: session.id });
      expect(payload.exp! - payload.iat!).toBe(900);

      const expireAt = Date.parse(token.ExprireAt);
      expect(expireAt).toBe(payload.exp! * 1000);
      expect(expireAt).toBeGreaterThanOrEqual(before + 899_000);
      expect(expireAt).toBeLessThanOrEqual(Date.now() + 900_000);

      // The refresh token is opaque and only its digest is stored.
      expect(token.Refresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const stored = await t.ctx.db
        .selectFrom('refresh_tokens')
        .select('token_hash')
        .where('session_id', '=', session.id)
        .execute();
      expect(stored.map((r) => r.token_hash)).toContain(sha256(token.Refresh));
      expect(stored.map((r) => r.token_hash)).not.toContain(token.Refresh);
    });

    it('refuses an unknown handle', async () => {
      expectErrors(await getToken(t, 'A'.repeat(43)), 400, [['', 'ERROR_TOKEN_INVALID']]);
    });

    it('refuses the handle of an expired session', async () => {
      const identity = await logIn(t, player);
      await t.ctx.db
        .updateTable('sessions')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('identity_hash', '=', sha256(identity))
        .execute();
      expectErrors(await getToken(t, identity), 400, [['', 'ERROR_TOKEN_INVALID']]);
    });

    it('refuses the handle of a logged-out session', async () => {
      const { identity, token } = await sessionOf(t, player);
      expect((await logOut(t, player.idUser, token.Value)).statusCode).toBe(200);
      expectErrors(await getToken(t, identity), 400, [['', 'ERROR_TOKEN_INVALID']]);
    });

    it('refuses the handle of a player banned since log-in', async () => {
      const p = await createPlayer(t, 'BannedLater1');
      const identity = await logIn(t, p);
      await t.ctx.db
        .updateTable('users')
        .set({ banned_at: new Date().toISOString() })
        .where('id', '=', p.id)
        .execute();
      expectErrors(await getToken(t, identity), 400, [['', 'ERROR_TOKEN_INVALID']]);
    });

    it('supersedes the previous refresh token without revoking the session', async () => {
      const { identity, token: first } = await sessionOf(t, player);
      const second = json<Token>(await getToken(t, identity));
      expectErrors(
        await refresh(t, { access_token: second.Value, refresh_token: first.Refresh, client_id: CLIENT }),
        400,
        [['', 'ERROR_TOKEN_INVALID_REFRESH']],
      );
      expect((await getToken(t, identity)).statusCode).toBe(200);
    });
  });

  describe('GET token/refresh', () => {
    it('rotates: a new access token and refresh token; the old refresh token is refused', async () => {
      const { token } = await sessionOf(t, player);
      const res = await refresh(t, {
        access_token: token.Value,
        refresh_token: token.Refresh,
        client_id: CLIENT,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = json<TokenRefreshResponse>(res);
      expect(Object.keys(body).sort()).toEqual(['AccessToken', 'ExpiresIn', 'ExprireAt', 'Refresh']);
      expect(body.ExpiresIn).toBe(900);
      expect(body.Refresh).not.toBe(token.Refresh);
      const { payload } = await jwtVerify(body.AccessToken, t.ctx.signingKey.publicKey, { audience: CLIENT });
      expect(payload.sub).toBe(player.idUser);
      expect(payload.sid).toBe(decodeJwt(token.Value).sid);
      expect(Date.parse(body.ExprireAt)).toBe(payload.exp! * 1000);
      await pastReuseGrace(t, token.Refresh);
      expectErrors(
        await refresh(t, { access_token: body.AccessToken, refresh_token: token.Refresh, client_id: CLIENT }),
        400,
        [['', 'ERROR_TOKEN_INVALID_REFRESH']],
      );
    });

    it('revokes the whole session when a used refresh token comes back', async () => {
      const { identity, token } = await sessionOf(t, player);
      const rotated = json<TokenRefreshResponse>(
        await refresh(t, { access_token: token.Value, refresh_token: token.Refresh, client_id: CLIENT }),
      );
      // An attacker replays the stolen, already used refresh token (after the reuse grace interval).
      await pastReuseGrace(t, token.Refresh);
      expectErrors(
        await refresh(t, { access_token: token.Value, refresh_token: token.Refresh, client_id: CLIENT }),
        400,
        [['', 'ERROR_TOKEN_INVALID_REFRESH']],
      );
      // Everything of that session is dead now, including what the legitimate holder got.
      expectErrors(await getToken(t, identity), 400, [['', 'ERROR_TOKEN_INVALID']]);
      expectErrors(
        await refresh(t, {
          access_token: rotated.AccessToken,
          refresh_token: rotated.Refresh,
          client_id: CLIENT,
        }),
        400,
        [['', 'ERROR_TOKEN_INVALID_REFRESH']],
      );
      expectErrors(await verify(t, { access_token: rotated.AccessToken, client_id: CLIENT }), 400, [
        ['', 'ERROR_TOKEN_INVALID'],
      ]);
      const profile = await t.app.inject({
        method: 'GET',
        url: '/api/profile/connects',
        headers: asUser(rotated.AccessToken),
      });
      expect(profile.statusCode).toBe(401);
      // Other sessions of the player are untouched.
      expect((await sessionOf(t, player)).token.Id_User).toBe(player.idUser);
    });

    it('refuses a wrong client_id and leaves the refresh token usable', async () => {
      const { token } = await sessionOf(t, player);
      for (const client_id of ['another-client', '', 'GUILDGATE-PORTAL']) {
        expectErrors(
          await refresh(t, { access_token: token.Value, refresh_token: token.Refresh, client_id }),
          400,
          [['', 'ERROR_TOKEN_INVALID']],
        );
      }
      expect(
        (await refresh(t, { access_token: token.Value, refresh_token: token.Refresh, client_id: CLIENT }))
          .statusCode,
      ).toBe(200);
    });

    it('refuses a tampered access token', async () => {
      const { token } = await sessionOf(t, player);
      const other = await createPlayer(t, 'TokenVictim1');
      const tampered = [
        flipSignature(token.Value),
        withClaims(token.Value, { ...decodeJwt(token.Value), sub: other.idUser }),
        withClaims(token.Value, { ...decodeJwt(token.Value), exp: Math.floor(Date.now() / 1000) + 86_400 }),
        `${token.Value.split('.').slice(0, 2).join('.')}.`,
        'not-a-jwt',
      ];
      for (const access_token of tampered) {
        expectErrors(
          await refresh(t, { access_token, refresh_token: token.Refresh, client_id: CLIENT }),
          400,
          [['', 'ERROR_TOKEN_INVALID']],
        );
      }
      expect(
        (await refresh(t, { access_token: token.Value, refresh_token: token.Refresh, client_id: CLIENT }))
          .statusCode,
      ).toBe(200);
    });

    it('refuses a token with the same claims signed by another Ed25519 key, and an unsigned one', async () => {
      const { token } = await sessionOf(t, player);
      const forged = await signedByAnotherKey(token.Value);
      expectErrors(
        await refresh(t, { access_token: forged, refresh_token: token.Refresh, client_id: CLIENT }),
        400,
        [['', 'ERROR_TOKEN_INVALID']],
      );
      const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url');
      const unsigned = `${header}.${token.Value.split('.')[1]}.`;
      expectErrors(
        await refresh(t, { access_token: unsigned, refresh_token: token.Refresh, client_id: CLIENT }),
        400,
        [['', 'ERROR_TOKEN_INVALID']],
      );
    });

    it("refuses another session's refresh token without revoking either session", async () => {
      const a = await sessionOf(t, player);
      const b = await sessionOf(t, player);
      expectErrors(
        await refresh(t, { access_token: a.token.Value, refresh_token: b.token.Refresh, client_id: CLIENT }),
        400,
        [['', 'ERROR_TOKEN_INVALID_REFRESH']],
      );
      expect((await getToken(t, a.identity)).statusCode).toBe(200);
      expect((await getToken(t, b.identity)).statusCode).toBe(200);
    });

    it('refuses to refresh the session of a player banned since log-in', async () => {
      const p = await createPlayer(t, 'BannedRefresh1');
      const { token } = await sessionOf(t, p);
      await t.ctx.db
        .updateTable('users')
        .set({ banned_at: new Date().toISOString() })
        .where('id', '=', p.id)
        .execute();
      expectErrors(
        await refresh(t, { access_token: token.Value, refresh_token: token.Refresh, client_id: CLIENT }),
        400,
        [['', 'ERROR_TOKEN_INVALID_REFRESH']],
      );
    });

    it('refuses to refresh an expired session', async () => {
      const { identity, token } = await sessionOf(t, player);
      await t.ctx.db
        .updateTable('sessions')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('identity_hash', '=', sha256(identity))
        .execute();
      expectErrors(
        await refresh(t, { access_token: token.Value, refresh_token: token.Refresh, client_id: CLIENT }),
        400,
        [['', 'ERROR_TOKEN_INVALID_REFRESH']],
      );
    });

    it('refuses a missing or unknown refresh token', async () => {
      const { token } = await sessionOf(t, player);
      for (const refresh_token of ['', 'A'.repeat(43)]) {
        expectErrors(await refresh(t, { access_token: token.Value, refresh_token, client_id: CLIENT }), 400, [
          ['', 'ERROR_TOKEN_INVALID_REFRESH'],
        ]);
      }
      expectErrors(await refresh(t, {}), 400, [['', 'ERROR_TOKEN_INVALID']]);
    });
  });

  describe('GET token/verify', () => {
    it('answers the remaining lifetime, the subject and the username of a valid token', async () => {
      const { token } = await sessionOf(t, player);
      const res = await verify(t, { access_token: token.Value, client_id: CLIENT });
      expect(res.statusCode).toBe(200);
      const body = json<{ ExpiresIn: number; Id_User: string; Username: string }>(res);
      expect(Object.keys(body).sort()).toEqual(['ExpiresIn', 'Id_User', 'Username']);
      expect(body.Id_User).toBe(player.idUser);
      expect(body.Username).toBe(player.username);
      expect(body.ExpiresIn).toBeGreaterThan(0);
      expect(body.ExpiresIn).toBeLessThanOrEqual(900);
    });

    it('refuses a wrong or missing client_id', async () => {
      const { token } = await sessionOf(t, player);
      for (const client_id of ['another-client', '']) {
        expectErrors(await verify(t, { access_token: token.Value, client_id }), 400, [
          ['', 'ERROR_TOKEN_INVALID'],
        ]);
      }
      expectErrors(await verify(t, { access_token: token.Value }), 400, [['', 'ERROR_TOKEN_INVALID']]);
    });

    it('refuses tampered and foreign-key tokens', async () => {
      const { token } = await sessionOf(t, player);
      for (const access_token of [
        flipSignature(token.Value),
        await signedByAnotherKey(token.Value),
        '',
        'x.y.z',
      ]) {
        expectErrors(await verify(t, { access_token, client_id: CLIENT }), 400, [
          ['', 'ERROR_TOKEN_INVALID'],
        ]);
      }
    });

    it('refuses the token of a logged-out session', async () => {
      const { token } = await sessionOf(t, player);
      expect((await verify(t, { access_token: token.Value, client_id: CLIENT })).statusCode).toBe(200);
      expect((await logOut(t, player.idUser, token.Value)).statusCode).toBe(200);
      expectErrors(await verify(t, { access_token: token.Value, client_id: CLIENT }), 400, [
        ['', 'ERROR_TOKEN_INVALID'],
      ]);
    });
  });
});

/**
 * A 3-second lifetime: a JWT's `exp` counts whole seconds from a floored `iat`, so a token is valid for
 * between 2 and 3 seconds — long enough for a next call on a busy machine to find it still valid (with
 * 1 second the window could be nearly nothing), short enough to wait out.
 */
const SHORT_TTL_SECONDS = 3;
/** Waits until a token of {@link SHORT_TTL_SECONDS} has surely expired. */
const EXPIRY_WAIT_MS = SHORT_TTL_SECONDS * 1000 + 100;

describe.each(STORES)('tokens with a 3-second access-token lifetime on %s', (kind) => {
  let t: TestApp;
  let player: Player;
  beforeAll(async () => {
    t = await startTestApp(kind, { overrides: { accessTokenTtlSeconds: SHORT_TTL_SECONDS } });
    player = await createPlayer(t, 'ShortLived1');
  });
  afterAll(async () => {
    await t.close();
  });

  it('reports Refreshed when the previous access token had expired', async () => {
    const identity = await logIn(t, player);
    const first = json<Token>(await getToken(t, identity));
    expect(first.Refreshed).toBe(false);
    expect(first.ExpiresIn).toBe(SHORT_TTL_SECONDS);
    await sleep(EXPIRY_WAIT_MS);
    const second = json<Token>(await getToken(t, identity));
    expect(second).toMatchObject({ Refreshed: true, Validated: true, Id_User: player.idUser });
    expect(second.Value).not.toBe(first.Value);
    const third = json<Token>(await getToken(t, identity));
    expect(third.Refreshed).toBe(false);
  });

  it('accepts an expired access token for refresh, and the new one works', async () => {
    const { token } = await sessionOf(t, player);
    await sleep(EXPIRY_WAIT_MS);
    expectErrors(await verify(t, { access_token: token.Value, client_id: CLIENT }), 400, [
      ['', 'ERROR_TOKEN_INVALID'],
    ]);
    const res = await refresh(t, {
      access_token: token.Value,
      refresh_token: token.Refresh,
      client_id: CLIENT,
    });
    expect(res.statusCode).toBe(200);
    const body = json<TokenRefreshResponse>(res);
    // The new token lives one second too, so check it as of its own issue time.
    const issuedAt = new Date(decodeJwt(body.AccessToken).iat! * 1000);
    const { payload } = await jwtVerify(body.AccessToken, t.ctx.signingKey.publicKey, {
      audience: CLIENT,
      currentDate: issuedAt,
    });
    expect(payload).toMatchObject({ sub: player.idUser, sid: decodeJwt(token.Value).sid });
    expect(body.Refresh).not.toBe(token.Refresh);
  });

  it('refuses an expired access token at token/verify and on user calls', async () => {
    const { token } = await sessionOf(t, player);
    await sleep(EXPIRY_WAIT_MS);
    expectErrors(await verify(t, { access_token: token.Value, client_id: CLIENT }), 400, [
      ['', 'ERROR_TOKEN_INVALID'],
    ]);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/profile/connects',
      headers: asUser(token.Value),
    });
    expectErrors(res, 401, [['', 'ERROR_TOKEN_INVALID']]);
  });
});
