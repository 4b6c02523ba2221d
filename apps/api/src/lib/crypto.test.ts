/**
 * Sealing under a key derived from a secret the store does not keep (lib/crypto.ts; the refresh-token
 * successors of DESIGN.md §5): only the same secret and purpose open a sealed value, and any change to
 * the sealed text is detected.
 */
import { describe, expect, it } from 'vitest';
import { openWithSecret, randomToken, sealWithSecret } from './crypto.ts';

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
