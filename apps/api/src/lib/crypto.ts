/**
 * Secrets helpers (DESIGN.md §5): opaque random handles from `crypto.randomBytes`, stored only as
 * SHA-256 digests; constant-time comparison.
 */
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

/** A random opaque token: `bytes` random bytes (default 32 = 256 bits) in base64url. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** SHA-256 of `value`, hex. What the store keeps instead of a handle or link token. */
export function sha256(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** Constant-time string equality (for api keys and bearers). */
export function safeEqual(a: string, b: string): boolean {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right) && a.length === b.length;
}

/** A new random UUID v4. */
export function uuid(): string {
  return randomUUID();
}
