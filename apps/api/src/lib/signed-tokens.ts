/**
 * The API's small signed tokens other than access tokens — known-device cookies
 * (modules/session/device-cookies.ts) and register form tokens (modules/register/form-token.ts): compact
 * JWS signed with the API's EdDSA key, each kind with its own `typ` and audience so that no token passes
 * for another kind, nor for an access token (explicit typing, RFC 8725 §3.11), with a random `jti`.
 */
import { SignJWT, errors, jwtVerify, type JWTPayload } from 'jose';
import type { AppContext } from '../context.ts';
import { randomToken } from './crypto.ts';

/** A kind of token: its JWS `typ` and its audience. */
export interface SignedTokenKind {
  typ: string;
  audience: string;
}

/** What a new token says besides its kind: subject, lifetime (seconds) and claims of its own. */
export interface SignedTokenContent {
  subject?: string;
  ttlSeconds: number;
  claims?: Record<string, unknown>;
}

/** A new token of `kind` (issuer the public URL, `iat`, `exp`, a random `jti`). */
export function signToken(
  ctx: Pick<AppContext, 'config' | 'signingKey'>,
  kind: SignedTokenKind,
  content: SignedTokenContent,
): Promise<string> {
  const jwt = new SignJWT(content.claims ?? {})
    .setProtectedHeader({ alg: 'EdDSA', kid: ctx.signingKey.kid, typ: kind.typ })
    .setIssuer(ctx.config.publicUrl)
    .setAudience(kind.audience)
    .setJti(randomToken(16))
    .setIssuedAt()
    .setExpirationTime(`${content.ttlSeconds}s`);
  if (content.subject !== undefined) jwt.setSubject(content.subject);
  return jwt.sign(ctx.signingKey.privateKey);
}

/** A checked token: its claims, or why it is refused. */
export type VerifiedToken =
  { valid: true; payload: JWTPayload & { jti: string } } | { valid: false; expired: boolean };

/**
 * Checks a token of `kind`: our signature, `typ`, issuer, audience, lifetime, a `jti`, and the subject
 * when one is given.
 * @returns its claims, or `{ valid: false, expired }` (expired: ours but past its lifetime)
 */
export async function verifySignedToken(
  ctx: Pick<AppContext, 'config' | 'signingKey'>,
  kind: SignedTokenKind,
  token: string,
  subject?: string,
): Promise<VerifiedToken> {
  try {
    const { payload } = await jwtVerify(token, ctx.signingKey.publicKey, {
      algorithms: ['EdDSA'],
      typ: kind.typ,
      issuer: ctx.config.publicUrl,
      audience: kind.audience,
      ...(subject === undefined ? {} : { subject }),
    });
    if (typeof payload.jti !== 'string' || !payload.jti) return { valid: false, expired: false };
    return { valid: true, payload: { ...payload, jti: payload.jti } };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { valid: false, expired: true };
    if (error instanceof errors.JOSEError || error instanceof TypeError)
      return { valid: false, expired: false };
    throw error;
  }
}
