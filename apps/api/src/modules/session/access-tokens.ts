/**
 * Access tokens: short-lived EdDSA JWTs with `iss` (the public URL), `sub` (Id_User), `sid` (session
 * id) and `aud` (the client id) — DESIGN.md §5, spec §3 Token.
 */
import { SignJWT, compactVerify, decodeJwt, errors, jwtVerify } from 'jose';
import type { SigningKey } from './signing-keys.ts';

/** The claims Guildgate puts in an access token. */
export interface AccessClaims {
  sub: string;
  sid: string;
  aud: string;
  exp: number;
  iat: number;
}

/** Mints and checks access tokens with one signing key. */
export interface AccessTokens {
  /** Signs a token for `sub`/`sid`/`aud` valid `ttlSeconds`; returns the JWT and its expiry (Date). */
  issue(
    input: { sub: string; sid: string; aud: string },
    ttlSeconds: number,
  ): Promise<{ jwt: string; expiresAt: Date }>;
  /** Verifies signature, issuer, expiry (and audience when given); null when anything is wrong. */
  verify(jwt: string, audience?: string): Promise<AccessClaims | null>;
  /** Verifies signature and issuer only (an expired token is accepted): for token/refresh. */
  verifyIgnoringExpiry(jwt: string): Promise<AccessClaims | null>;
}

function claimsOf(payload: Record<string, unknown>): AccessClaims | null {
  const { sub, sid, aud, exp, iat } = payload;
  if (typeof sub !== 'string' || typeof sid !== 'string' || typeof aud !== 'string') return null;
  if (typeof exp !== 'number' || typeof iat !== 'number') return null;
  return { sub, sid, aud, exp, iat };
}

/** Access tokens issued by `issuer` and signed with `key`. */
export function accessTokens(key: SigningKey, issuer: string): AccessTokens {
  return {
    async issue({ sub, sid, aud }, ttlSeconds) {
      const now = Math.floor(Date.now() / 1000);
      const exp = now + ttlSeconds;
      const jwt = await new SignJWT({ sid })
        .setProtectedHeader({ alg: 'EdDSA', kid: key.kid, typ: 'at+jwt' })
        .setIssuer(issuer)
        .setSubject(sub)
        .setAudience(aud)
        .setIssuedAt(now)
        .setExpirationTime(exp)
        .setJti(crypto.randomUUID())
        .sign(key.privateKey);
      return { jwt, expiresAt: new Date(exp * 1000) };
    },
    async verify(jwt, audience) {
      try {
        const { payload } = await jwtVerify(jwt, key.publicKey, {
          issuer,
          algorithms: ['EdDSA'],
          typ: 'at+jwt',
          ...(audience === undefined ? {} : { audience }),
        });
        return claimsOf(payload);
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
        throw error;
      }
    },
    async verifyIgnoringExpiry(jwt) {
      try {
        const { protectedHeader } = await compactVerify(jwt, key.publicKey, { algorithms: ['EdDSA'] });
        if (protectedHeader.typ !== 'at+jwt') return null;
        const payload = decodeJwt(jwt);
        if (payload.iss !== issuer) return null;
        return claimsOf(payload);
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
        throw error;
      }
    },
  };
}
