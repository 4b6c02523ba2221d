/**
 * Secrets at rest by envelope encryption (docs/security.md "Secrets at rest"; NIST SP 800-57's key
 * wrapping): each secret is encrypted with its own random 256-bit data-encryption key (DEK) under
 * AES-256-GCM, and that DEK is encrypted ("wrapped") with a key-encryption key (KEK) from the
 * configuration (KEY_ENCRYPTION_KEYS), never from the store. A stolen database or backup holds no usable
 * signing key (nor, later, TOTP secret).
 *
 * Rotation without downtime (docs/operations.md "Keys"): put a new KEK first in KEY_ENCRYPTION_KEYS and
 * keep the old one after it, restart the nodes one by one (they encrypt with the new one and decrypt
 * with both), run `npm run keys -- rewrap` (re-wraps every DEK under the new KEK; the secrets themselves
 * are not re-encrypted), then remove the old KEK.
 *
 * Sealed text: `gge1:<kek id>:<wrapped DEK>:<payload>`, the last two base64url of IV (12 bytes) ‖ GCM
 * tag (16 bytes) ‖ ciphertext. The payload is bound to a context string (AAD, e.g. the row's key) so
 * that a sealed value copied to another row does not open there.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const PREFIX = 'gge1';

/** One key-encryption key (KEY_ENCRYPTION_KEYS): its id, written beside what it wraps, and 32 bytes. */
export interface KeyEncryptionKey {
  id: string;
  key: Buffer;
}

/** The development KEK's id (production mode refuses it: config/production.ts). */
export const DEVELOPMENT_KEK_ID = 'development';

/** Thrown when a sealed value cannot be opened (unknown KEK id, altered text, another context). */
export class SealedSecretError extends Error {
  override name = 'SealedSecretError';
}

/** The configured KEKs: the first seals, each opens what it sealed. */
export interface KeyRing {
  /** Id of the KEK that seals (the first configured). */
  currentId: string;
  /** Every KEK id the ring can open. */
  ids: string[];
  /**
   * Encrypts `plaintext` (UTF-8) under a fresh DEK wrapped with the current KEK.
   * @param context what the secret belongs to (e.g. `signing_keys:<kid>`), authenticated not stored
   */
  seal(plaintext: string, context: string): string;
  /**
   * Decrypts what {@link seal} sealed in the same `context`.
   * @throws SealedSecretError when its KEK is not in the ring, or the text or context differ
   */
  open(sealed: string, context: string): string;
  /**
   * Re-wraps `sealed`'s DEK under the current KEK (the payload is unchanged).
   * @throws SealedSecretError as {@link open}
   */
  rewrap(sealed: string): string;
  /** The KEK id `sealed` is wrapped with, or null when it is not sealed text. */
  kekOf(sealed: string): string | null;
}

/**
 * The development KEK, used when KEY_ENCRYPTION_KEYS is unset outside production mode (production
 * refuses it): derived from a published string, it protects nothing, but keeps one code path.
 */
export const DEVELOPMENT_KEK: KeyEncryptionKey = {
  id: DEVELOPMENT_KEK_ID,
  key: createHash('sha256').update('guildgate development key-encryption key').digest(),
};

function encrypt(key: Buffer, plaintext: Buffer, aad: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url');
}

function decrypt(key: Buffer, sealed: string, aad: string): Buffer {
  const bytes = Buffer.from(sealed, 'base64url');
  if (bytes.length < 28) throw new SealedSecretError('sealed text too short');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
    decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]);
  } catch {
    throw new SealedSecretError('the sealed text does not open with this key in this context');
  }
}

/** The AAD of a wrapped DEK: binds it to its KEK id. */
const wrapContext = (kekId: string) => `guildgate dek ${kekId}`;

/**
 * A key ring of `keys` (KEY_ENCRYPTION_KEYS; the first seals); the development KEK when `keys` is empty.
 * The development KEK also opens when other keys are configured, so a development store can move to a
 * real KEK with `npm run keys -- rewrap`.
 */
export function keyRing(keys: readonly KeyEncryptionKey[]): KeyRing {
  const ring = keys.length > 0 ? [...keys] : [DEVELOPMENT_KEK];
  const byId = new Map(ring.map((kek) => [kek.id, kek.key]));
  const current = ring[0];

  const parts = (sealed: string) => {
    const [prefix, kekId, wrapped, payload, ...rest] = sealed.split(':');
    if (prefix !== PREFIX || !kekId || !wrapped || !payload || rest.length > 0)
      throw new SealedSecretError('not a sealed secret');
    return { kekId, wrapped, payload };
  };
  const unwrap = (kekId: string, wrapped: string) => {
    const kek = byId.get(kekId) ?? (kekId === DEVELOPMENT_KEK.id ? DEVELOPMENT_KEK.key : undefined);
    if (!kek)
      throw new SealedSecretError(
        `sealed with the key-encryption key "${kekId}", which KEY_ENCRYPTION_KEYS does not list`,
      );
    return decrypt(kek, wrapped, wrapContext(kekId));
  };

  return {
    currentId: current.id,
    ids: ring.map((kek) => kek.id),
    seal(plaintext, context) {
      const dek = randomBytes(32);
      const wrapped = encrypt(current.key, dek, wrapContext(current.id));
      return [PREFIX, current.id, wrapped, encrypt(dek, Buffer.from(plaintext, 'utf8'), context)].join(':');
    },
    open(sealed, context) {
      const { kekId, wrapped, payload } = parts(sealed);
      return decrypt(unwrap(kekId, wrapped), payload, context).toString('utf8');
    },
    rewrap(sealed) {
      const { kekId, wrapped, payload } = parts(sealed);
      const dek = unwrap(kekId, wrapped);
      return [PREFIX, current.id, encrypt(current.key, dek, wrapContext(current.id)), payload].join(':');
    },
    kekOf(sealed) {
      try {
        return parts(sealed).kekId;
      } catch {
        return null;
      }
    },
  };
}
