/**
 * The EdDSA (Ed25519) key that signs access tokens (DESIGN.md §5 tokens). Taken from
 * `TOKEN_SIGNING_KEY` (a private JWK as JSON) when set; otherwise the store's key, generated once
 * and shared by every node through the store.
 */
import { exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { Kysely } from 'kysely';
import type { webcrypto } from 'node:crypto';
import type { Database } from '../../db/schema.ts';
import { sha256 } from '../../lib/crypto.ts';
import { isoNow } from '../../lib/time.ts';

/** A signing key with its public half (served as JWKS) and key id. */
export interface SigningKey {
  kid: string;
  privateKey: webcrypto.CryptoKey;
  publicKey: webcrypto.CryptoKey;
  publicJwk: JWK;
}

async function fromJwk(jwk: JWK): Promise<SigningKey> {
  const { d: _d, ...publicJwk } = jwk;
  const kid = jwk.kid ?? sha256(JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x })).slice(0, 16);
  const privateKey = (await importJWK(jwk, 'EdDSA')) as webcrypto.CryptoKey;
  const publicKey = (await importJWK(publicJwk, 'EdDSA')) as webcrypto.CryptoKey;
  return { kid, privateKey, publicKey, publicJwk: { ...publicJwk, kid, alg: 'EdDSA', use: 'sig' } };
}

/**
 * Loads (or creates) the signing key.
 * @param configured the `TOKEN_SIGNING_KEY` JWK JSON, if set
 * @throws Error when the configured key is not an Ed25519 private JWK
 */
export async function loadSigningKey(
  db: Kysely<Database>,
  configured: string | undefined,
): Promise<SigningKey> {
  if (configured) {
    const jwk = JSON.parse(configured) as JWK;
    if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519' || !jwk.d) {
      throw new Error('TOKEN_SIGNING_KEY must be an Ed25519 private JWK (kty OKP, crv Ed25519, with d)');
    }
    return fromJwk(jwk);
  }
  const existing = await db.selectFrom('signing_keys').selectAll().orderBy('created_at').executeTakeFirst();
  if (existing) return fromJwk({ ...(JSON.parse(existing.private_jwk) as JWK), kid: existing.kid });
  const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  const jwk = await exportJWK(privateKey);
  const key = await fromJwk(jwk);
  await db
    .insertInto('signing_keys')
    .values({ kid: key.kid, private_jwk: JSON.stringify(jwk), created_at: isoNow() })
    .onConflict((oc) => oc.doNothing())
    .execute();
  // Another node may have won the race: everyone uses the oldest key.
  const winner = await db
    .selectFrom('signing_keys')
    .selectAll()
    .orderBy('created_at')
    .executeTakeFirstOrThrow();
  return fromJwk({ ...(JSON.parse(winner.private_jwk) as JWK), kid: winner.kid });
}
