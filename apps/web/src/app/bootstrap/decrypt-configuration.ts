/**
 * Decryption of the encrypted runtime configuration (spec §1 "decrypted if it arrives encrypted, as a
 * Value field"; DESIGN.md §6). Format: base64url of `iv (12 bytes) | ciphertext | GCM tag (16 bytes)`,
 * AES-256-GCM, key = base64url of 32 bytes given at build time.
 */

const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;

/** Decodes base64url (or plain base64) text, padding optional; throws on malformed input. */
export function decodeBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const normalized = text.trim().replace(/-/g, '+').replace(/_/g, '/');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(normalized)) throw new Error('Invalid base64url text');
  const padded = normalized.padEnd(normalized.length + ((4 - (normalized.length % 4)) % 4), '=');
  const binary = atob(padded);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Decrypts the `Value` of an encrypted configuration into its JSON text (spec §1).
 * @param value base64url of iv | ciphertext | tag
 * @param keyText base64url of the 32-byte AES key given at build time
 * @param subtle the WebCrypto implementation (the browser's, or Node's in tests)
 * @throws when the key is missing or malformed, or the data is tampered with or was encrypted with another key
 */
export async function decryptConfigurationValue(
  value: string,
  keyText: string,
  subtle: SubtleCrypto = globalThis.crypto.subtle,
): Promise<string> {
  if (!keyText) throw new Error('The runtime configuration is encrypted but this build has no key');
  const rawKey = decodeBase64Url(keyText);
  if (rawKey.length !== KEY_BYTES) throw new Error('The runtime configuration key must be 32 bytes');
  const data = decodeBase64Url(value);
  if (data.length < IV_BYTES + TAG_BYTES) throw new Error('The encrypted runtime configuration is too short');
  const key = await subtle.importKey('raw', rawKey, { name: 'AES-GCM' }, false, ['decrypt']);
  const iv = data.slice(0, IV_BYTES);
  const sealed = data.slice(IV_BYTES);
  const plain = await subtle.decrypt({ name: 'AES-GCM', iv, tagLength: TAG_BYTES * 8 }, key, sealed);
  return new TextDecoder().decode(plain);
}
