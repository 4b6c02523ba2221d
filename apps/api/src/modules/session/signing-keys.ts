/**
 * The EdDSA (Ed25519) key that signs access tokens (DESIGN.md §5 tokens), and the RS256 keys of the
 * OpenID Provider's ID tokens with their rotation ({@link loadIdTokenSigningKeys},
 * {@link rotateIdTokenSigningKey}). Taken from
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
  deleteSigningKeysRetiredBefore,
  describeStoredSigningKeys,
  findOldestSigningKey,
  insertSigningKeyIfAbsent,
  listSigningKeys,
  listSigningKeysOf,
  planSigningKeyRetirement,
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

/** A new RS256 private JWK (2048-bit) and its kid (a hash of its public part). */
async function newRsaJwk(): Promise<{ kid: string; jwk: JWK }> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  return { kid: sha256(JSON.stringify({ e: jwk.e, kty: jwk.kty, n: jwk.n })).slice(0, 16), jwk };
}

/** The OpenID Provider's RS256 keys at a moment, as {@link loadIdTokenSigningKeys} reads them. */
export interface IdTokenSigningKeys {
  /**
   * The private JWKs to publish (with `kid`, `alg` RS256, `use` sig), the one that signs first: the
   * newest active key, then the announced ones (not signing yet) and the retiring ones (still verifying).
   */
  keys: JWK[];
  /** The kid of the key that signs. */
  signingKid: string;
  /** When the set changes by itself next (a planned activation or retirement), epoch ms; null: never. */
  nextChange: number | null;
}

/**
 * The RS256 keys of the OpenID Provider (modules/oidc) at `now`: RS256 is the default
 * `id_token_signed_response_alg` (OIDC Core §15.1, OpenID Connect Registration §2), which every OpenID
 * Connect client implements; the EdDSA key of {@link loadSigningKey} is published beside them. Kept in
 * `signing_keys` (alg `RS256`) sealed like the EdDSA key; created once for every node when there is none.
 * Rotation ({@link rotateIdTokenSigningKey}): a key is published from its creation, signs from its
 * `activates_at`, and leaves the JWKS at its `retires_at`.
 * @param now epoch ms
 * @throws SealedSecretError when a stored key is sealed under a key-encryption key not configured
 */
export async function loadIdTokenSigningKeys(
  db: Kysely<Database>,
  keys: KeyRing,
  now: number = Date.now(),
): Promise<IdTokenSigningKeys> {
  let rows = await listSigningKeysOf(db, 'RS256');
  if (rows.length === 0) {
    const { kid, jwk } = await newRsaJwk();
    await insertSigningKeyIfAbsent(db, {
      kid,
      alg: 'RS256',
      private_jwk: keys.seal(JSON.stringify(jwk), signingKeyContext(kid)),
      created_at: isoNow(),
    });
    // Another node may have created one at the same time: every node publishes both.
    rows = await listSigningKeysOf(db, 'RS256');
  }
  const at = (iso: string | null) => (iso === null ? null : Date.parse(iso));
  const published = rows.filter((row) => (at(row.retires_at) ?? Infinity) > now);
  const active = published.filter((row) => (at(row.activates_at) ?? 0) <= now);
  // The newest active key signs; before any is active (never after a rotation), the oldest published.
  const signing =
    active.sort((a, b) => (at(a.activates_at) ?? 0) - (at(b.activates_at) ?? 0)).at(-1) ??
    published.at(0) ??
    rows.at(-1);
  if (!signing) throw new Error('No RS256 signing key in the store after creating one');
  const ordered = [signing, ...published.filter((row) => row.kid !== signing.kid)];
  const jwks = await Promise.all(
    ordered.map(async (row) => ({ ...(await openRow(db, keys, row)), alg: 'RS256', use: 'sig' })),
  );
  const changes = rows
    .flatMap((row) => [at(row.activates_at), at(row.retires_at)])
    .filter((time): time is number => time !== null && time > now);
  return {
    keys: jwks,
    signingKid: signing.kid,
    nextChange: changes.length > 0 ? Math.min(...changes) : null,
  };
}

/** What {@link rotateIdTokenSigningKey} planned. */
export interface IdTokenKeyRotation {
  kid: string;
  /** When the new key starts signing, ISO 8601 UTC. */
  activatesAt: string;
  /** When the previous keys leave the JWKS, ISO 8601 UTC. */
  previousRetireAt: string;
}

/**
 * Rotates the OpenID Provider's RS256 key (`npm run signing-keys -- rotate`; RFC 7517 §5 key sets, OIDC
 * Core §10.1.1 "Rotation of Asymmetric Signing Keys"): a new key is stored now and published by every
 * node at its next key check, starts signing `announceSeconds` later — once clients had time to fetch the
 * new JWKS —, and the previous keys stay published `keepSeconds` after that, so the tokens they signed
 * still verify until they expire; keys retired before now are deleted. One transaction.
 * @param now epoch ms
 * @throws RangeError when a duration is negative
 */
export async function rotateIdTokenSigningKey(
  db: Kysely<Database>,
  keys: KeyRing,
  { announceSeconds, keepSeconds }: { announceSeconds: number; keepSeconds: number },
  now: number = Date.now(),
): Promise<IdTokenKeyRotation> {
  if (announceSeconds < 0 || keepSeconds < 0) throw new RangeError('durations must not be negative');
  const { kid, jwk } = await newRsaJwk();
  const activatesAt = new Date(now + announceSeconds * 1000).toISOString();
  const previousRetireAt = new Date(now + (announceSeconds + keepSeconds) * 1000).toISOString();
  await db.transaction().execute(async (trx) => {
    await deleteSigningKeysRetiredBefore(trx, 'RS256', new Date(now).toISOString());
    await insertSigningKeyIfAbsent(trx, {
      kid,
      alg: 'RS256',
      private_jwk: keys.seal(JSON.stringify(jwk), signingKeyContext(kid)),
      created_at: new Date(now).toISOString(),
      activates_at: activatesAt,
    });
    await planSigningKeyRetirement(trx, 'RS256', kid, previousRetireAt);
  });
  return { kid, activatesAt, previousRetireAt };
}

/** A stored key as `npm run signing-keys -- list` shows it (no private part). */
export interface SigningKeyDescription {
  kid: string;
  alg: string;
  createdAt: string;
  activatesAt: string | null;
  retiresAt: string | null;
  /** `announced` (published, not signing yet), `signing`, `verifying` (published, replaced), `retired`. */
  state: 'announced' | 'signing' | 'verifying' | 'retired';
}

/**
 * Every stored key with its state at `now` (epoch ms): the EdDSA key of the access tokens (the oldest
 * signs) and the OpenID Provider's RS256 keys (as {@link loadIdTokenSigningKeys} would use them).
 */
export async function describeSigningKeys(
  db: Kysely<Database>,
  keys: KeyRing,
  now: number = Date.now(),
): Promise<SigningKeyDescription[]> {
  const rows = await describeStoredSigningKeys(db);
  const rsaSigning = rows.some((row) => row.alg === 'RS256')
    ? (await loadIdTokenSigningKeys(db, keys, now)).signingKid
    : null;
  const oldestEdDsa = rows.find((row) => row.alg === 'EdDSA')?.kid;
  return rows.map((row) => {
    const retired = row.retires_at !== null && Date.parse(row.retires_at) <= now;
    const announced = row.activates_at !== null && Date.parse(row.activates_at) > now;
    const signing = row.kid === (row.alg === 'RS256' ? rsaSigning : oldestEdDsa);
    return {
      kid: row.kid,
      alg: row.alg,
      createdAt: row.created_at,
      activatesAt: row.activates_at,
      retiresAt: row.retires_at,
      state: retired ? 'retired' : announced ? 'announced' : signing ? 'signing' : 'verifying',
    };
  });
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
