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
 * Signed and checked with `fast-jwt` (Nearform; the library of @fastify/jwt), whose HS256 runs
 * synchronously on node:crypto's HMAC, rather than jose, whose API is asynchronous through WebCrypto —
 * the job on the pool this module avoids. The format is plain HS256 JWS; signed-tokens.test.ts checks
 * that jose reads ours and that ours reads jose's.
 */
import { hkdfSync } from 'node:crypto';
import { TokenError, createSigner, createVerifier } from 'fast-jwt';
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

/** The signer and verifier of one kind under one MAC key. */
interface KindCodec {
  sign: (payload: Record<string, unknown>) => string;
  verify: (token: string) => Record<string, unknown>;
}

/** Codecs by MAC key, then by kind's `typ` and issuer (made once: fast-jwt compiles its options). */
const codecs = new WeakMap<Buffer, Map<string, KindCodec>>();

/** The fast-jwt signer and verifier of `kind` for the tokens of `ctx`. */
function codecOf(ctx: TokenContext, kind: SignedTokenKind): KindCodec {
  const key = signedTokensKey(ctx);
  let byKind = codecs.get(key);
  if (!byKind) codecs.set(key, (byKind = new Map<string, KindCodec>()));
  const name = `${kind.typ} ${ctx.config.publicUrl}`;
  let codec = byKind.get(name);
  if (!codec) {
    const sign = createSigner({
      key,
      algorithm: 'HS256',
      kid: ctx.signingKey.kid,
      header: { alg: 'HS256', typ: kind.typ },
      iss: ctx.config.publicUrl,
      aud: kind.audience,
    });
    const verify = createVerifier({
      key,
      algorithms: ['HS256'],
      checkTyp: kind.typ,
      allowedIss: ctx.config.publicUrl,
      allowedAud: kind.audience,
      requiredClaims: ['iss', 'aud', 'jti', 'exp'],
      cache: false,
    });
    codec = {
      sign: (payload) => sign(payload),
      verify: (token) => verify(token) as Record<string, unknown>,
    };
    byKind.set(name, codec);
  }
  return codec;
}

/**
 * A new token of `kind` (header `alg` HS256, `typ`, `kid`; claims issuer the public URL, audience,
 * `iat`, `exp` in seconds since the epoch, a random `jti`, the subject if any, and `content.claims`).
 */
export function signToken(ctx: TokenContext, kind: SignedTokenKind, content: SignedTokenContent): string {
  const iat = Math.floor(Date.now() / 1000);
  return codecOf(ctx, kind).sign({
    ...content.claims,
    jti: randomToken(16),
    iat,
    exp: iat + content.ttlSeconds,
    ...(content.subject === undefined ? {} : { sub: content.subject }),
  });
}

/** A checked token: its claims, or why it is refused. */
export type VerifiedToken =
  { valid: true; payload: JWTPayload & { jti: string } } | { valid: false; expired: boolean };

const INVALID: VerifiedToken = { valid: false, expired: false };

/**
 * Checks a token of `kind` with fast-jwt: our MAC, `alg` HS256, no unknown `crit`, `typ`, issuer,
 * audience, `exp` and `nbf` when present; then a `jti`, and the subject when one is given. A malformed
 * or refused token is an answer, never an error.
 * @returns its claims, or `{ valid: false, expired }` (expired: ours and of this kind, but past `exp`)
 */
export function verifySignedToken(
  ctx: TokenContext,
  kind: SignedTokenKind,
  token: string,
  subject?: string,
): VerifiedToken {
  let claims: Record<string, unknown>;
  try {
    claims = codecOf(ctx, kind).verify(token);
  } catch (error) {
    if (!(error instanceof TokenError)) throw error;
    return { valid: false, expired: error.code === TokenError.codes.expired };
  }
  const { jti, sub } = claims;
  if (typeof jti !== 'string' || !jti) return INVALID;
  if (subject !== undefined && sub !== subject) return INVALID;
  return { valid: true, payload: { ...(claims as JWTPayload), jti } };
}
