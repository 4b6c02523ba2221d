/**
 * Access tokens: short-lived EdDSA JWTs with `iss` (the public URL), `sub` (Id_User), `sid` (session
 * id), `aud` (the client id) and `scope` (what they are good for) — DESIGN.md §5, spec §3 Token; the
 * JWT profile of RFC 9068 (`typ` at+jwt, `scope` a space-separated list, RFC 8693 §4.2).
 *
 * Two lanes (docs/security.md): the portal's own tokens (`aud` = PORTAL_CLIENT_ID, scope
 * {@link PORTAL_SCOPE}) are the only ones the player calls of spec §7 accept; a partner client's tokens
 * (`aud` = that client, scope {@link PARTNER_SCOPE}) serve only that partner: token/verify, token/refresh,
 * oauth/profile.
 */
import { SignJWT, compactVerify, decodeJwt, errors, jwtVerify } from 'jose';
import type { SigningKey } from './signing-keys.ts';

/** The scope of the portal's own tokens: the player's account calls of spec §7. */
export const PORTAL_SCOPE = 'account';

/**
 * The scopes a partner client may be granted (OpenID Connect Core §5.4): `openid` (who the player is,
 * `sub`) and `profile` (their username; their public profile and badges at GET oauth/profile); its
 * tokens carry them all.
 */
export const PARTNER_SCOPES = ['openid', 'profile'] as const;

/** The scope claim of a partner client's tokens. */
export const PARTNER_SCOPE = PARTNER_SCOPES.join(' ');

/** The claims Guildgate puts in an access token. */
export interface AccessClaims {
  sub: string;
  sid: string;
  aud: string;
  /** Space-separated scopes (RFC 9068 §2.2.3). */
  scope: string;
  exp: number;
  iat: number;
}

/** Does the space-separated `scope` hold `wanted`? */
export function hasScope(scope: string, wanted: string): boolean {
  return scope.split(' ').includes(wanted);
}

/** Mints and checks access tokens with one signing key. */
export interface AccessTokens {
  /** Signs a token for `sub`/`sid`/`aud`/`scope` valid `ttlSeconds`; returns the JWT and its expiry (Date). */
  issue(
    input: { sub: string; sid: string; aud: string; scope: string },
    ttlSeconds: number,
  ): Promise<{ jwt: string; expiresAt: Date }>;
  /** Verifies signature, issuer, expiry (and audience when given); null when anything is wrong. */
  verify(jwt: string, audience?: string): Promise<AccessClaims | null>;
  /** Verifies signature and issuer only (an expired token is accepted): for token/refresh. */
  verifyIgnoringExpiry(jwt: string): Promise<AccessClaims | null>;
}

function claimsOf(payload: Record<string, unknown>): AccessClaims | null {
  const { sub, sid, aud, scope, exp, iat } = payload;
  if (typeof sub !== 'string' || typeof sid !== 'string' || typeof aud !== 'string') return null;
  if (typeof exp !== 'number' || typeof iat !== 'number') return null;
  // A token without a scope claim (minted before scopes existed) is good for nothing that needs one.
  return { sub, sid, aud, scope: typeof scope === 'string' ? scope : '', exp, iat };
}

/** Access tokens issued by `issuer` and signed with `key`. */
export function accessTokens(key: SigningKey, issuer: string): AccessTokens {
  return {
    async issue({ sub, sid, aud, scope }, ttlSeconds) {
      const now = Math.floor(Date.now() / 1000);
      const exp = now + ttlSeconds;
      const jwt = await new SignJWT({ sid, scope })
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
