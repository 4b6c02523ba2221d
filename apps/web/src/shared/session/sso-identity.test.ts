/**
 * Tests of the SSO identity of the client state (spec §3 Client state "SSO id (number), SSO email"):
 * kept in sessionStorage under g2g_sso_identity, validated when read. The web tests run in Node (no
 * DOM), so `sessionStorage` is stubbed with an in-memory Storage.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetSsoIdentity, rememberSsoIdentity, SSO_IDENTITY_KEY, ssoIdentity } from './sso-identity.ts';

/** A minimal in-memory `Storage`. */
class MemoryStorage implements Storage {
  readonly #items = new Map<string, string>();
  get length(): number {
    return this.#items.size;
  }
  clear(): void {
    this.#items.clear();
  }
  getItem(key: string): string | null {
    return this.#items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.#items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.#items.delete(key);
  }
  setItem(key: string, value: string): void {
    this.#items.set(key, value);
  }
}

let storage: MemoryStorage;

beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal('sessionStorage', storage);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the SSO identity', () => {
  it('is null when none is held', () => {
    expect(ssoIdentity()).toBeNull();
  });

  it('is remembered under g2g_sso_identity and read back', () => {
    rememberSsoIdentity({ id: 4242, email: 'player@partner.test' });
    expect(JSON.parse(storage.getItem(SSO_IDENTITY_KEY)!)).toEqual({
      id: 4242,
      email: 'player@partner.test',
    });
    expect(SSO_IDENTITY_KEY).toBe('g2g_sso_identity');
    expect(ssoIdentity()).toEqual({ id: 4242, email: 'player@partner.test' });
  });

  it('replaces the held identity and is forgotten', () => {
    rememberSsoIdentity({ id: 1, email: 'first@partner.test' });
    rememberSsoIdentity({ id: 2, email: 'second@partner.test' });
    expect(ssoIdentity()).toEqual({ id: 2, email: 'second@partner.test' });
    forgetSsoIdentity();
    expect(storage.getItem(SSO_IDENTITY_KEY)).toBeNull();
    expect(ssoIdentity()).toBeNull();
    expect(() => forgetSsoIdentity()).not.toThrow();
  });

  it('keeps only the id and the e-mail, and trims the e-mail when read', () => {
    storage.setItem(SSO_IDENTITY_KEY, JSON.stringify({ id: 7, email: ' p@partner.test ', extra: 'x' }));
    expect(ssoIdentity()).toEqual({ id: 7, email: 'p@partner.test' });
  });

  it.each([
    ['text that is not JSON', '{"id": 1,'],
    ['JSON null', 'null'],
    ['an array', '[1, "p@partner.test"]'],
    ['a string id', JSON.stringify({ id: '12', email: 'p@partner.test' })],
    ['a zero id', JSON.stringify({ id: 0, email: 'p@partner.test' })],
    ['a negative id', JSON.stringify({ id: -1, email: 'p@partner.test' })],
    ['a fractional id', JSON.stringify({ id: 1.5, email: 'p@partner.test' })],
    ['an unsafe id', JSON.stringify({ id: 2 ** 60, email: 'p@partner.test' })],
    ['no e-mail', JSON.stringify({ id: 12 })],
    ['a numeric e-mail', JSON.stringify({ id: 12, email: 42 })],
    ['an empty e-mail', JSON.stringify({ id: 12, email: '   ' })],
    ['an over-long e-mail', JSON.stringify({ id: 12, email: `${'a'.repeat(320)}@p.test` })],
  ])('reads %s as null', (_what, raw) => {
    storage.setItem(SSO_IDENTITY_KEY, raw);
    expect(ssoIdentity()).toBeNull();
  });

  it('holds nothing, and never throws, without a usable sessionStorage', () => {
    vi.stubGlobal('sessionStorage', undefined);
    expect(() => rememberSsoIdentity({ id: 1, email: 'p@partner.test' })).not.toThrow();
    expect(ssoIdentity()).toBeNull();

    const refusing = new MemoryStorage();
    const refuse = () => {
      throw new DOMException('refused', 'SecurityError');
    };
    refusing.setItem = refuse;
    refusing.getItem = refuse;
    refusing.removeItem = refuse;
    vi.stubGlobal('sessionStorage', refusing);
    expect(() => rememberSsoIdentity({ id: 1, email: 'p@partner.test' })).not.toThrow();
    expect(ssoIdentity()).toBeNull();
    expect(() => forgetSsoIdentity()).not.toThrow();
  });
});
