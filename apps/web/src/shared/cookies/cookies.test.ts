/** Tests of the cookie helpers (spec §4 Session, Logout; §9). */
import { describe, expect, it } from 'vitest';
import { mainDomain, parseCookie, serializeCookie } from './cookies.ts';

describe('cookies', () => {
  it('serialises the identity cookie attributes', () => {
    expect(
      serializeCookie('_g2g_identity_', 'a b', { maxAgeSeconds: 2592000, sameSite: 'Strict', secure: true }),
    ).toBe('_g2g_identity_=a%20b; Path=/; Max-Age=2592000; SameSite=Strict; Secure');
  });
  it('reads one cookie among several', () => {
    expect(parseCookie('a=1; _g2g_identity_=x%2By; b=2', '_g2g_identity_')).toBe('x+y');
    expect(parseCookie('a=1', '_g2g_identity_')).toBeNull();
  });
  it('finds the main domain', () => {
    expect(mainDomain('account.example.com')).toBe('.example.com');
    expect(mainDomain('example.com')).toBe('.example.com');
    expect(mainDomain('localhost')).toBeNull();
    expect(mainDomain('127.0.0.1')).toBeNull();
  });
});
