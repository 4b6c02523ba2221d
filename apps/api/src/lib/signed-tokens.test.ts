/**
 * The API's small signed tokens (lib/signed-tokens.ts): HS256 JWS under a key derived from the signing
 * key, readable by jose (a standard JWS) and reading jose's; each kind refuses the others, an access
 * token, a token of another signing key, an altered one, `alg` none or EdDSA; a token past its
 * lifetime is told apart as expired.
 */
import { describe, expect, it } from 'vitest';
import { SignJWT, UnsecuredJWT, exportJWK, generateKeyPair, jwtVerify } from 'jose';
import { keyRing } from './envelope-encryption.ts';
import { loadSigningKey } from '../modules/session/signing-keys.ts';
import { signToken, signedTokensKey, verifySignedToken, type SignedTokenKind } from './signed-tokens.ts';
import type { AppContext } from '../context.ts';

type TokenContext = Pick<AppContext, 'config' | 'signingKey'>;

/** A context with a fresh Ed25519 signing key (as TOKEN_SIGNING_KEY would give). */
async function tokenContext(publicUrl = 'https://portal.test'): Promise<TokenContext> {
  const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  const jwk = JSON.stringify(await exportJWK(privateKey));
  const signingKey = await loadSigningKey(undefined as never, jwk, keyRing([]));
  return { config: { publicUrl } as AppContext['config'], signingKey };
}

const DEVICE: SignedTokenKind = { typ: 'device+jwt', audience: 'guildgate:known-device' };
const FORM: SignedTokenKind = { typ: 'register-form+jwt', audience: 'guildgate:register-form' };

describe('signed tokens', () => {
  it('round-trips a token of its kind, with its subject and claims, as a standard HS256 JWS', async () => {
    const ctx = await tokenContext();
    const token = signToken(ctx, DEVICE, { subject: 'player-1', ttlSeconds: 60, claims: { n: 7 } });
    const checked = verifySignedToken(ctx, DEVICE, token, 'player-1');
    expect(checked.valid).toBe(true);
    if (!checked.valid) return;
    expect(checked.payload).toMatchObject({
      sub: 'player-1',
      n: 7,
      aud: DEVICE.audience,
      iss: 'https://portal.test',
    });
    expect(checked.payload.exp! - checked.payload.iat!).toBe(60);
    // jose reads it with the derived key …
    const { payload, protectedHeader } = await jwtVerify(token, signedTokensKey(ctx), {
      algorithms: ['HS256'],
      typ: DEVICE.typ,
      issuer: 'https://portal.test',
      audience: DEVICE.audience,
      subject: 'player-1',
    });
    expect(protectedHeader).toEqual({ alg: 'HS256', kid: ctx.signingKey.kid, typ: DEVICE.typ });
    expect(payload.jti).toBe(checked.payload.jti);
    // … and we read jose's.
    const byJose = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: FORM.typ })
      .setIssuer('https://portal.test')
      .setAudience(FORM.audience)
      .setJti('j1')
      .setIssuedAt()
      .setExpirationTime('1m')
      .sign(signedTokensKey(ctx));
    expect(verifySignedToken(ctx, FORM, byJose)).toMatchObject({ valid: true, payload: { jti: 'j1' } });
  });

  it('refuses another kind, subject, issuer or signing key, an altered token, alg none and EdDSA', async () => {
    const ctx = await tokenContext();
    const other = await tokenContext();
    const token = signToken(ctx, DEVICE, { subject: 'player-1', ttlSeconds: 60 });
    const [head, payload, mac] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'player-2' })).toString('base64url');
    const eddsa = await new SignJWT({ sub: 'player-1', jti: 'x' })
      .setProtectedHeader({ alg: 'EdDSA', typ: DEVICE.typ })
      .setIssuer('https://portal.test')
      .setAudience(DEVICE.audience)
      .setExpirationTime('1m')
      .sign(ctx.signingKey.privateKey);
    const unsecured = new UnsecuredJWT({ sub: 'player-1', jti: 'x' })
      .setIssuer('https://portal.test')
      .setAudience(DEVICE.audience)
      .setExpirationTime('1m')
      .encode();
    const refused = { valid: false, expired: false };
    expect(verifySignedToken(ctx, FORM, token)).toEqual(refused);
    expect(verifySignedToken(ctx, DEVICE, token, 'player-2')).toEqual(refused);
    expect(
      verifySignedToken(
        { ...ctx, config: { publicUrl: 'https://elsewhere.test' } } as TokenContext,
        DEVICE,
        token,
      ),
    ).toEqual(refused);
    expect(verifySignedToken(other, DEVICE, token)).toEqual(refused);
    expect(verifySignedToken(ctx, DEVICE, `${head}.${forged}.${mac}`)).toEqual(refused);
    expect(verifySignedToken(ctx, DEVICE, `${head}.${payload}.${mac.slice(0, -2)}`)).toEqual(refused);
    expect(verifySignedToken(ctx, DEVICE, eddsa)).toEqual(refused);
    expect(verifySignedToken(ctx, DEVICE, unsecured)).toEqual(refused);
    for (const junk of ['', 'a.b', 'a.b.c', `${token}.x`])
      expect(verifySignedToken(ctx, DEVICE, junk)).toEqual(refused);
  });

  it('tells an expired token of its kind apart', async () => {
    const ctx = await tokenContext();
    const now = Math.floor(Date.now() / 1000);
    const old = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: DEVICE.typ })
      .setIssuer('https://portal.test')
      .setAudience(DEVICE.audience)
      .setJti('old')
      .setIssuedAt(now - 120)
      .setExpirationTime(now - 60)
      .sign(signedTokensKey(ctx));
    expect(verifySignedToken(ctx, DEVICE, old)).toEqual({ valid: false, expired: true });
    expect(verifySignedToken(ctx, FORM, old)).toEqual({ valid: false, expired: false });
  });
});
