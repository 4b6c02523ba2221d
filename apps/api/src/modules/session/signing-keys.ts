/**
 * The EdDSA (Ed25519) key that signs access tokens (DESIGN.md §5 tokens), and the RS256 key of the
 * OpenID Provider's ID tokens ({@link loadIdTokenSigningKey}). Taken from
 * `TOKEN_SIGNING_KEY` (a private JWK as JSON) when set; otherwise the store's key, generated once
 * and shared by every node through the store. The store keeps the private JWK sealed under the
 * key-encryption keys (lib/envelope-encryption.ts; context `signing_keys:<kid>`); a key a previous
 * version stored in plain text is sealed in place when a node loads it.
 */
import { exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { Kysely } from 'kysely';
import type { webcrypto } from 'node:crypto';
import type { Database } from '../../db/schema.ts';
import { sha256 } from '../../lib/crypto.ts';
import type { KeyRing } from '../../lib/envelope-encryption.ts';
import { isoNow } from '../../lib/time.ts';
import {
  findOldestSigningKey,
  insertSigningKeyIfAbsent,
  listSigningKeys,
  replaceSigningKeyJwk,
} from './store.ts';

/**
 * A signing key with its public half (as a public JWK, with its key id; the OpenID Provider publishes it
 * at `/oidc/jwks`, modules/oidc; the spec's partners check tokens with GET token/verify) and key id.
 */
export interface SigningKey {
  kid: string;
  /** The private JWK (with `kid`, `alg` EdDSA and `use` sig): the OpenID Provider signs with it too. */
  privateJwk: JWK;
  privateKey: webcrypto.CryptoKey;
  publicKey: webcrypto.CryptoKey;
  publicJwk: JWK;
}

async function fromJwk(jwk: JWK): Promise<SigningKey> {
  const { d: _d, ...publicJwk } = jwk;
  const kid = jwk.kid ?? sha256(JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x })).slice(0, 16);
  const privateKey = (await importJWK(jwk, 'EdDSA')) as webcrypto.CryptoKey;
  const publicKey = (await importJWK(publicJwk, 'EdDSA')) as webcrypto.CryptoKey;
  return {
    kid,
    privateJwk: { ...jwk, kid, alg: 'EdDSA', use: 'sig' },
    privateKey,
    publicKey,
    publicJwk: { ...publicJwk, kid, alg: 'EdDSA', use: 'sig' },
  };
}

/** The context a signing key's private JWK is sealed in (its row). */
export const signingKeyContext = (kid: string) => `signing_keys:${kid}`;

/** Is `stored` a private JWK in plain text (stored before secrets were sealed)? */
function isPlainJwk(stored: string): boolean {
  return stored.trimStart().startsWith('{');
}

/**
 * The private JWK of a `signing_keys` row; a plain-text one (older stores) is sealed in place.
 * @throws SealedSecretError when its key-encryption key is not configured
 */
async function openRow(
  db: Kysely<Database>,
  keys: KeyRing,
  row: { kid: string; private_jwk: string },
): Promise<JWK> {
  if (isPlainJwk(row.private_jwk)) {
    await replaceSigningKeyJwk(
      db,
      row.kid,
      row.private_jwk,
      keys.seal(row.private_jwk, signingKeyContext(row.kid)),
    );
    return { ...(JSON.parse(row.private_jwk) as JWK), kid: row.kid };
  }
  return { ...(JSON.parse(keys.open(row.private_jwk, signingKeyContext(row.kid))) as JWK), kid: row.kid };
}

/**
 * Loads (or creates) the signing key.
 * @param configured the `TOKEN_SIGNING_KEY` JWK JSON, if set
 * @param keys the key ring sealing the store's private key
 * @throws Error when the configured key is not an Ed25519 private JWK
 * @throws SealedSecretError when the stored key is sealed under a key-encryption key not configured
 */
export async function loadSigningKey(
  db: Kysely<Database>,
  configured: string | undefined,
  keys: KeyRing,
): Promise<SigningKey> {
  if (configured) {
    const jwk = JSON.parse(configured) as JWK;
    if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519' || !jwk.d) {
      throw new Error('TOKEN_SIGNING_KEY must be an Ed25519 private JWK (kty OKP, crv Ed25519, with d)');
    }
    return fromJwk(jwk);
  }
  const existing = await findOldestSigningKey(db);
  if (existing) return fromJwk(await openRow(db, keys, existing));
  const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  const jwk = await exportJWK(privateKey);
  const key = await fromJwk(jwk);
  await insertSigningKeyIfAbsent(db, {
    kid: key.kid,
    private_jwk: keys.seal(JSON.stringify(jwk), signingKeyContext(key.kid)),
    created_at: isoNow(),
  });
  // Another node may have won the race: everyone uses the oldest key.
  const winner = await findOldestSigningKey(db);
  if (!winner) throw new Error('no signing key stored after inserting one');
  return fromJwk(await openRow(db, keys, winner));
}

/**
 * Loads (or creates, once for every node) the RS256 key of the OpenID Provider (modules/oidc): RS256 is
 * the default `id_token_signed_response_alg` (OIDC Core §15.1, OpenID Connect Registration §2), which
 * every OpenID Connect client implements; the EdDSA key of {@link loadSigningKey} is published beside it.
 * Kept in `signing_keys` (alg `RS256`) sealed like the EdDSA key.
 * @returns the private JWK (2048-bit RSA, with `kid`, `alg` RS256 and `use` sig)
 * @throws SealedSecretError when the stored key is sealed under a key-encryption key not configured
 */
export async function loadIdTokenSigningKey(db: Kysely<Database>, keys: KeyRing): Promise<JWK> {
  const stored = async (): Promise<JWK | undefined> => {
    const row = await findOldestSigningKey(db, 'RS256');
    return row ? { ...(await openRow(db, keys, row)), alg: 'RS256', use: 'sig' } : undefined;
  };
  const existing = await stored();
  if (existing) return existing;
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  const kid = sha256(JSON.stringify({ e: jwk.e, kty: jwk.kty, n: jwk.n })).slice(0, 16);
  await insertSigningKeyIfAbsent(db, {
    kid,
    alg: 'RS256',
    private_jwk: keys.seal(JSON.stringify(jwk), signingKeyContext(kid)),
    created_at: isoNow(),
  });
  // Another node may have won the race: everyone uses the oldest key.
  const winner = await stored();
  if (!winner) throw new Error('no RS256 signing key stored after inserting one');
  return winner;
}

/**
 * Re-wraps every stored signing key under the ring's current key-encryption key (and seals any still in
 * plain text): step 3 of a KEK rotation (docs/operations.md "Keys"). Safe while nodes run: they hold
 * their key in memory, and the secret itself does not change.
 * @returns how many rows were re-wrapped
 * @throws SealedSecretError when a row's key-encryption key is not configured
 */
export async function rewrapSigningKeys(db: Kysely<Database>, keys: KeyRing): Promise<number> {
  const rows = await listSigningKeys(db);
  let count = 0;
  for (const row of rows) {
    const sealed = isPlainJwk(row.private_jwk)
      ? keys.seal(row.private_jwk, signingKeyContext(row.kid))
      : keys.kekOf(row.private_jwk) === keys.currentId
        ? null
        : keys.rewrap(row.private_jwk);
    if (!sealed) continue;
    await replaceSigningKeyJwk(db, row.kid, row.private_jwk, sealed);
    count++;
  }
  return count;
}

/** How many stored signing keys each key-encryption key wraps (`plain text` for unsealed ones). */
export async function signingKeysByKek(db: Kysely<Database>, keys: KeyRing): Promise<Record<string, number>> {
  const rows = await listSigningKeys(db);
  const counts: Record<string, number> = {};
  for (const row of rows) {
    const kek = isPlainJwk(row.private_jwk) ? 'plain text' : (keys.kekOf(row.private_jwk) ?? 'unknown');
    counts[kek] = (counts[kek] ?? 0) + 1;
  }
  return counts;
}
