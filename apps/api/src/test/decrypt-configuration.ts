/**
 * Test helper: decrypts a `{ Value }` runtime configuration (iv 12 bytes | ciphertext | GCM tag 16
 * bytes, base64url) with node:crypto, independently of the code under test (DESIGN.md §6).
 * @throws when the key is wrong or the value was tampered with
 */
import { createDecipheriv } from 'node:crypto';

export function decryptConfigurationValue(value: string, key: string): string {
  const raw = Buffer.from(value, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(key, 'base64url'), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(raw.length - 16));
  return Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString(
    'utf8',
  );
}
