/** Envelope encryption of secrets at rest (lib/envelope-encryption.ts; docs/security.md). */
import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_KEK, keyRing, SealedSecretError } from './envelope-encryption.ts';

const kek = (id: string, byte: number) => ({ id, key: Buffer.alloc(32, byte) });

describe('keyRing', () => {
  it('seals under a fresh data key wrapped by the first KEK, and opens in the same context only', () => {
    const ring = keyRing([kek('new', 2), kek('old', 1)]);
    const a = ring.seal('{"d":"private"}', 'signing_keys:a');
    const b = ring.seal('{"d":"private"}', 'signing_keys:a');
    expect(a).toMatch(/^gge1:new:[\w-]+:[\w-]+$/);
    expect(a).not.toBe(b); // a fresh data key and IV each time
    expect(a).not.toContain('private');
    expect(ring.open(a, 'signing_keys:a')).toBe('{"d":"private"}');
    expect(ring.kekOf(a)).toBe('new');
    expect(() => ring.open(a, 'signing_keys:b')).toThrow(SealedSecretError);
  });

  it('refuses altered text and KEKs it does not hold, naming the missing key', () => {
    const sealed = keyRing([kek('old', 1)]).seal('secret', 'ctx');
    const [prefix, id, wrapped, payload] = sealed.split(':') as [string, string, string, string];
    // One character in the middle changed for sure (the last ones may carry padding bits only).
    const at = Math.floor(payload.length / 2);
    const flipped = `${payload.slice(0, at)}${payload[at] === 'A' ? 'B' : 'A'}${payload.slice(at + 1)}`;
    expect(() => keyRing([kek('old', 1)]).open([prefix, id, wrapped, flipped].join(':'), 'ctx')).toThrow(
      SealedSecretError,
    );
    expect(() => keyRing([kek('new', 2)]).open(sealed, 'ctx')).toThrow(/"old", which KEY_ENCRYPTION_KEYS/);
    // Same id, other bytes: the wrapped data key does not open.
    expect(() => keyRing([kek('old', 3)]).open(sealed, 'ctx')).toThrow(SealedSecretError);
    expect(() => keyRing([kek('old', 1)]).open('{"kty":"OKP"}', 'ctx')).toThrow(/not a sealed secret/);
  });

  it('re-wraps under the current KEK without touching the payload, so the old KEK can go', () => {
    const sealed = keyRing([kek('old', 1)]).seal('secret', 'ctx');
    const rewrapped = keyRing([kek('new', 2), kek('old', 1)]).rewrap(sealed);
    expect(rewrapped.split(':')[1]).toBe('new');
    expect(rewrapped.split(':')[3]).toBe(sealed.split(':')[3]);
    expect(keyRing([kek('new', 2)]).open(rewrapped, 'ctx')).toBe('secret');
  });

  it('uses the development KEK when none is configured, and still opens its secrets after', () => {
    const dev = keyRing([]);
    expect(dev.currentId).toBe(DEVELOPMENT_KEK.id);
    const sealed = dev.seal('secret', 'ctx');
    expect(keyRing([kek('real', 5)]).open(sealed, 'ctx')).toBe('secret');
  });
});
