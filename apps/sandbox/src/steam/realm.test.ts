/**
 * Unit tests of the return URL and realm checks (OpenID 2.0 §9.2.1) and of the redirect URL built from
 * them; the HTTP side (400 pages) is covered in `steam.test.ts`.
 */
import { describe, expect, it } from 'vitest';
import { checkRealm, checkReturnTo, returnToMatchesRealm, withOpenIdFields } from './realm.ts';

/** Whether `returnTo` is valid and matches the valid `realm`. */
function matches(returnTo: string, realm: string): boolean {
  const url = checkReturnTo(returnTo);
  const parsed = checkRealm(realm);
  if ('error' in url || 'error' in parsed) throw new Error(`invalid: ${returnTo} ${realm}`);
  return returnToMatchesRealm(url, parsed);
}

describe('realm matching', () => {
  it('accepts equal hosts, sub-paths and *. wildcards (the bare domain too)', () => {
    expect(matches('http://www.example.test/cb', 'http://*.example.test/')).toBe(true);
    expect(matches('http://example.test/cb', 'http://*.example.test')).toBe(true);
    expect(matches('http://a.b.example.test:80/x/y', 'http://*.example.test/x')).toBe(true);
    expect(matches('https://example.test/x?y=1', 'https://example.test/x')).toBe(true);
    expect(matches('http://localhost:8080/api/steam/return', 'http://localhost:8080/')).toBe(true);
  });

  it('refuses other hosts, ports, schemes and paths', () => {
    expect(matches('http://evil-example.test/cb', 'http://*.example.test/')).toBe(false);
    expect(matches('http://www.example.test/cb', 'http://example.test/')).toBe(false);
    expect(matches('http://example.test/xy', 'http://example.test/x')).toBe(false);
    expect(matches('http://example.test:8081/', 'http://example.test:8080/')).toBe(false);
    expect(matches('https://example.test/', 'http://example.test/')).toBe(false);
  });

  it('refuses malformed realms and return URLs', () => {
    for (const realm of [
      undefined,
      '',
      'http://*.test/',
      'http://a.*.test/',
      'ftp://x.test/',
      'http://x.test/#f',
    ]) {
      expect(checkRealm(realm), String(realm)).toHaveProperty('error');
    }
    for (const returnTo of [
      undefined,
      '/relative',
      'javascript:alert(1)',
      'http://u:p@x.test/',
      'http://x.test/a b',
      'http://x.test\\evil.test/',
      'http://x.test/é',
      'http://*.x.test/',
    ]) {
      expect(checkReturnTo(returnTo), String(returnTo)).toHaveProperty('error');
    }
  });
});

describe('withOpenIdFields', () => {
  it("appends the fields to the return URL's own query, untouched", () => {
    const fields: Array<[string, string]> = [['openid.mode', 'cancel']];
    expect(withOpenIdFields('http://x.test/cb', fields)).toBe('http://x.test/cb?openid.mode=cancel');
    expect(withOpenIdFields('http://x.test/cb?a=%20b', fields)).toBe(
      'http://x.test/cb?a=%20b&openid.mode=cancel',
    );
    expect(withOpenIdFields('http://x.test/cb?', fields)).toBe('http://x.test/cb?openid.mode=cancel');
  });
});
