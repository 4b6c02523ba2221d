/**
 * Secrets helpers (DESIGN.md §5): opaque random handles from `crypto.randomBytes`, stored only as
 * SHA-256 digests; constant-time comparison; sealing a value under a key derived from a secret the
 * store does not keep.
 */
import {
  createCipheriv,
  createDecipheriv,
  hash,
  hkdfSync,
  randomBytes,
  randomUUID,
  timingSafeEqual,
} from 'node:crypto';

/** A random opaque token: `bytes` random bytes (default 32 = 256 bits) in base64url. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** SHA-256 of `value`, hex. What the store keeps instead of a handle or link token. */
export function sha256(value: string): string {
  return hash('sha256', value, 'hex');
}

/** Constant-time string equality (for api keys and bearers): equal SHA-256 digests and lengths. */
export function safeEqual(a: string, b: string): boolean {
  return timingSafeEqual(hash('sha256', a, 'buffer'), hash('sha256', b, 'buffer')) && a.length === b.length;
}

/**
 * A constant-time check of a presented value against fixed `secrets` (the configured api keys, the
 * anonymous bearer), without hashing: every value is laid as UTF-16 code units (2 bytes each, so equal
 * bytes mean equal strings) into buffers of one fixed width, that of the longest secret, zero-padded;
 * the secrets' buffers are built once, the presented value is written into one reused buffer
 * (truncated at that width), and each secret's buffer is compared with it by `timingSafeEqual` — then
 * the lengths. Every secret is compared, whichever matches, over the same number of bytes, so the time
 * depends on neither the secrets' contents, their lengths, nor which one matched (issue 23 P2: the
 * SHA-256 of the presented value, ~2 µs, was 5 % of GET token/verify's CPU, twice per call).
 * @returns a function answering true when `candidate` equals one of `secrets`
 */
export function secretMatcher(secrets: readonly string[]): (candidate: string) => boolean {
  const width = 2 * Math.max(0, ...secrets.map((secret) => secret.length));
  const known = secrets.map((secret) => {
    const bytes = Buffer.alloc(width);
    bytes.write(secret, 'utf16le');
    return { bytes, length: secret.length };
  });
  // Reused by every call: JavaScript runs one call at a time, and none keeps it past its return.
  const presented = Buffer.alloc(width);
  return (candidate) => {
    presented.fill(0);
    presented.write(candidate, 'utf16le');
    let found = false;
    for (const secret of known) {
      if (timingSafeEqual(secret.bytes, presented) && secret.length === candidate.length) found = true;
    }
    return found;
  };
}

/** The AES-256-GCM key of {@link sealWithSecret}: HKDF-SHA256 of `secret` for `purpose` (RFC 5869). */
function sealingKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, '', `guildgate ${purpose}`, 32));
}

/**
 * Seals `plaintext` with AES-256-GCM under a key derived from `secret` (which the store keeps only as a
 * digest, e.g. a refresh token): only a holder of `secret` can open it.
 * @param purpose names the use (a different purpose derives a different key)
 * @returns base64url of IV (12 bytes) ‖ tag (16 bytes) ‖ ciphertext
 */
export function sealWithSecret(secret: string, purpose: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(secret, purpose), iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url');
}

/**
 * Opens what {@link sealWithSecret} sealed with the same `secret` and `purpose`.
 * @returns the plaintext, or null when the secret is another or the sealed text was altered
 */
export function openWithSecret(secret: string, purpose: string, sealed: string): string | null {
  const bytes = Buffer.from(sealed, 'base64url');
  if (bytes.length < 28) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealingKey(secret, purpose), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** A new random UUID v4. */
export function uuid(): string {
  return randomUUID();
}
