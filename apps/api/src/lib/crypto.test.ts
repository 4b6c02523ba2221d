/**
 * lib/crypto.ts: constant-time comparison of secrets (safeEqual, secretMatcher), and sealing under a key
 * derived from a secret the store does not keep (the refresh-token successors of DESIGN.md §5): only the
 * same secret and purpose open a sealed value, and any change to the sealed text is detected.
 */
import { describe, expect, it } from 'vitest';
import { openWithSecret, randomToken, safeEqual, sealWithSecret, secretMatcher, sha256 } from './crypto.ts';

describe('sealWithSecret / openWithSecret', () => {
  const secret = randomToken();

  it('opens with the same secret and purpose, and seals alike values differently every time', () => {
    const sealed = sealWithSecret(secret, 'refresh successor', 'the successor');
    expect(openWithSecret(secret, 'refresh successor', sealed)).toBe('the successor');
    expect(sealWithSecret(secret, 'refresh successor', 'the successor')).not.toBe(sealed);
    expect(sealed).not.toContain('successor');
  });

  it('opens nothing with another secret, another purpose, or an altered or cut text', () => {
    const sealed = sealWithSecret(secret, 'refresh successor', 'the successor');
    expect(openWithSecret(randomToken(), 'refresh successor', sealed)).toBeNull();
    expect(openWithSecret(secret, 'another purpose', sealed)).toBeNull();
    const bytes = Buffer.from(sealed, 'base64url');
    for (const at of [0, 12, 20, bytes.length - 1]) {
      const altered = Buffer.from(bytes);
      altered[at] = altered[at] ^ 1;
      expect(
        openWithSecret(secret, 'refresh successor', altered.toString('base64url')),
        `byte ${at}`,
      ).toBeNull();
    }
    expect(openWithSecret(secret, 'refresh successor', sealed.slice(0, 20))).toBeNull();
    expect(openWithSecret(secret, 'refresh successor', '')).toBeNull();
  });
});

describe('safeEqual, secretMatcher and sha256', () => {
  it('match equal strings only, whatever their length or position among the secrets', () => {
    expect(safeEqual('key-1', 'key-1')).toBe(true);
    expect(safeEqual('key-1', 'key-2')).toBe(false);
    expect(safeEqual('key-1', 'key-10')).toBe(false);
    const isKey = secretMatcher(['first-key', 'second-key', 'é-key']);
    expect(['first-key', 'second-key', 'é-key'].map(isKey)).toEqual([true, true, true]);
    expect(['', 'first-ke', 'first-key ', 'SECOND-KEY', 'e-key', 'third-key'].map(isKey)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(secretMatcher([])('anything')).toBe(false);
  });

  it('secretMatcher tells apart values that differ only in padding, length or code units, and is reusable', () => {
    const isKey = secretMatcher(['k', 'a-much-longer-key-🔑', 'nul\u0000']);
    // The presented value is zero-padded to the longest secret: a NUL more or less is still another value.
    expect(['k', 'k\u0000', 'nul', 'nul\u0000', 'nul\u0000\u0000'].map(isKey)).toEqual([
      true,
      false,
      false,
      true,
      false,
    ]);
    // Longer than every secret (written truncated): refused, and the next call is not affected by it.
    expect(isKey('a-much-longer-key-🔑 and more')).toBe(false);
    expect(isKey('a-much-longer-key-🔑')).toBe(true);
    expect(isKey('a-much-longer-key-\ud83d')).toBe(false);
    // Lone surrogates are distinct code units (UTF-8 would have turned both into U+FFFD).
    expect(secretMatcher(['\ud800'])('\udc00')).toBe(false);
    expect(secretMatcher([''])('')).toBe(true);
    expect(secretMatcher([''])('x')).toBe(false);
  });

  it('sha256 is the hex SHA-256 of the UTF-8 text (FIPS 180-4 test vector)', () => {
    expect(sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256('é')).toHaveLength(64);
  });
});
