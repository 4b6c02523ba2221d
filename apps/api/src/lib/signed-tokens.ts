/**
 * The API's small signed tokens other than access tokens — known-device cookies
 * (modules/session/device-cookies.ts), remembered-device cookies (modules/second-factors/login-step.ts)
 * and register form tokens (modules/register/form-token.ts): compact JWS (RFC 7515) JWTs (RFC 7519)
 * MACed with HS256 (HMAC-SHA-256, RFC 7518 §3.2), each kind with its own `typ` and audience so that no
 * token passes for another kind, nor for an access token (explicit typing, RFC 8725 §3.11; an access
 * token is EdDSA, which this module never accepts), with a random `jti`.
 *
 * Only the API reads these tokens, so a MAC serves as well as a signature, at a hundredth of the cost:
 * an EdDSA signature or verification through jose is an asynchronous WebCrypto job on the libuv pool
 * (the pool that computes the log-in's argon2 hash), an HMAC a few microseconds on the event loop. The
 * MAC key is derived (HKDF-SHA-256, RFC 5869) from the private half of the API's EdDSA signing key
 * (modules/session/signing-keys.ts): every node sharing that key derives the same one, nothing new is
 * stored or configured, and a new signing key (TOKEN_SIGNING_KEY) ends these tokens with it, as
 * before. The token's `kid` names the signing key its MAC key was derived from.
 *
 * Built on node:crypto rather than jose: jose's API is asynchronous through WebCrypto, whose job is the
 * very cost this module avoids. The format is plain HS256 JWS; signed-tokens.test.ts checks that jose
 * reads ours and that ours reads jose's.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { JWTPayload } from 'jose';
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

/** What the tokens need of the context: the issuer (public URL) and the signing key. */
type TokenContext = Pick<AppContext, 'config' | 'signingKey'>;

/** The HKDF `info` of the MAC key: this use, and this use only. */
const MAC_KEY_INFO = 'guildgate signed tokens HS256';

/** MAC keys by signing key (derived once per key). */
const macKeys = new WeakMap<TokenContext['signingKey'], Buffer>();

/**
 * The HS256 key of the tokens: 32 bytes of HKDF-SHA-256 (RFC 5869) of the EdDSA signing key's private
 * scalar (`d`), no salt, info {@link MAC_KEY_INFO}. Exported for tests that forge tokens as the API
 * would (an expired one, say); never sent anywhere.
 * @throws Error when the signing key has no private part (`d`)
 */
export function signedTokensKey(ctx: Pick<AppContext, 'signingKey'>): Buffer {
  const cached = macKeys.get(ctx.signingKey);
  if (cached) return cached;
  const d = ctx.signingKey.privateJwk.d;
  if (!d) throw new Error('the signing key has no private part to derive the token MAC key from');
  const key = Buffer.from(hkdfSync('sha256', Buffer.from(d, 'base64url'), Buffer.alloc(0), MAC_KEY_INFO, 32));
  macKeys.set(ctx.signingKey, key);
  return key;
}

/** base64url of the JSON of `value`. */
function encodeJson(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

/** The HS256 MAC of `signingInput` (the JWS's `header.payload`), raw bytes. */
function mac(ctx: TokenContext, signingInput: string): Buffer {
  return createHmac('sha256', signedTokensKey(ctx)).update(signingInput).digest();
}

/**
 * A new token of `kind` (header `alg` HS256, `typ`, `kid`; claims issuer the public URL, audience,
 * `iat`, `exp` in seconds since the epoch, a random `jti`, the subject if any, and `content.claims`).
 */
export function signToken(ctx: TokenContext, kind: SignedTokenKind, content: SignedTokenContent): string {
  const iat = Math.floor(Date.now() / 1000);
  const header = encodeJson({ alg: 'HS256', kid: ctx.signingKey.kid, typ: kind.typ });
  const payload = encodeJson({
    ...content.claims,
    iss: ctx.config.publicUrl,
    aud: kind.audience,
    jti: randomToken(16),
    iat,
    exp: iat + content.ttlSeconds,
    ...(content.subject === undefined ? {} : { sub: content.subject }),
  });
  const signingInput = `${header}.${payload}`;
  return `${signingInput}.${mac(ctx, signingInput).toString('base64url')}`;
}

/** A checked token: its claims, or why it is refused. */
export type VerifiedToken =
  { valid: true; payload: JWTPayload & { jti: string } } | { valid: false; expired: boolean };

const INVALID: VerifiedToken = { valid: false, expired: false };

/** The JSON object a base64url segment holds, or null when it holds none. */
function decodeObject(segment: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** Is `value` a number of seconds since the epoch (RFC 7519 NumericDate)? */
const isNumericDate = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/**
 * Checks a token of `kind`: our MAC (constant-time), `alg` HS256 and no `crit`, `typ`, issuer,
 * audience, a `jti`, the subject when one is given, `iat` and `nbf` when present, and its lifetime.
 * Never throws.
 * @returns its claims, or `{ valid: false, expired }` (expired: ours and of this kind, but past `exp`)
 */
export function verifySignedToken(
  ctx: TokenContext,
  kind: SignedTokenKind,
  token: string,
  subject?: string,
): VerifiedToken {
  const parts = token.split('.');
  if (parts.length !== 3) return INVALID;
  const [header, payload, signature] = parts as [string, string, string];
  const presented = Buffer.from(signature, 'base64url');
  const expected = mac(ctx, `${header}.${payload}`);
  if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) return INVALID;
  const protectedHeader = decodeObject(header);
  if (protectedHeader?.alg !== 'HS256' || protectedHeader.typ !== kind.typ || 'crit' in protectedHeader)
    return INVALID;
  const claims = decodeObject(payload);
  if (!claims) return INVALID;
  const { iss, aud, jti, sub, exp, iat, nbf } = claims;
  const audienceOk = Array.isArray(aud) ? aud.includes(kind.audience) : aud === kind.audience;
  if (iss !== ctx.config.publicUrl || !audienceOk || typeof jti !== 'string' || !jti) return INVALID;
  if (subject !== undefined && sub !== subject) return INVALID;
  const now = Math.floor(Date.now() / 1000);
  if (!isNumericDate(exp) || (iat !== undefined && !isNumericDate(iat))) return INVALID;
  if (nbf !== undefined && (!isNumericDate(nbf) || nbf > now)) return INVALID;
  if (exp <= now) return { valid: false, expired: true };
  return { valid: true, payload: { ...(claims as JWTPayload), jti } };
}
