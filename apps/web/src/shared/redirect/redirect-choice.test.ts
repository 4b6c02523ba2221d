/** Tests of the redirect choice (spec §1 Single sign-on; §4 Session; DESIGN.md §5). */
import { describe, expect, it } from 'vitest';
import { OPEN_REDIRECT_FILES, openRedirectPayloads } from '@guildgate/contracts/testing';
import { chooseRedirect, externalRedirectUrl, isInternalPath } from './redirect-choice.ts';

const patterns = ['https://partner.example.com', 'https://*.games.example/community'];

describe('chooseRedirect', () => {
  it('follows an allowed external address', () => {
    expect(chooseRedirect(['https://partner.example.com/back?x=1'], patterns)).toEqual({
      kind: 'external',
      url: 'https://partner.example.com/back?x=1',
    });
    expect(chooseRedirect(['https://eu.games.example/community/news'], patterns)).toEqual({
      kind: 'external',
      url: 'https://eu.games.example/community/news',
    });
  });
  it('refuses addresses outside the allow-list and tricks', () => {
    for (const target of [
      'https://evil.example.com/',
      'http://partner.example.com/',
      'https://partner.example.com@evil.example/',
      'https://games.example/community',
      'https://eu.games.example/other',
      'javascript:alert(1)',
      '//evil.example.com',
      '/\\evil.example.com',
    ]) {
      expect(chooseRedirect([target], patterns)).toBeNull();
    }
  });
  it('takes the first usable candidate, skipping refused and empty ones', () => {
    expect(
      chooseRedirect([null, 'https://evil.example/', '', 'https://partner.example.com/'], patterns),
    ).toEqual({
      kind: 'external',
      url: 'https://partner.example.com/',
    });
  });
  it('follows internal return paths without the allow-list', () => {
    expect(chooseRedirect(['/account/newsletter'], [])).toEqual({
      kind: 'internal',
      path: '/account/newsletter',
    });
  });
  it('returns null when nothing may be followed', () => {
    expect(chooseRedirect([], patterns)).toBeNull();
    expect(chooseRedirect(['https://partner.example.com/'], [])).toBeNull();
  });
});

describe('isInternalPath / externalRedirectUrl', () => {
  it('recognises same-origin paths only', () => {
    expect(isInternalPath('/account')).toBe(true);
    expect(isInternalPath('//evil.example')).toBe(false);
    expect(isInternalPath('/\\evil.example')).toBe(false);
    expect(isInternalPath('account')).toBe(false);
    expect(isInternalPath('https://partner.example.com/')).toBe(false);
  });
  it('refuses a path with a control character, and keeps non-ASCII ones', () => {
    for (let code = 0; code < 0x20; code += 1) {
      expect(isInternalPath(`/account${String.fromCharCode(code)}x`)).toBe(false);
    }
    expect(isInternalPath('/account\x7fx')).toBe(false);
    expect(isInternalPath('/compte/café')).toBe(true);
    expect(isInternalPath('/account\u0085x')).toBe(true);
    expect(isInternalPath('/jeux/🎮')).toBe(true);
  });
  it('keeps only absolute http(s) addresses for the API', () => {
    expect(externalRedirectUrl('https://partner.example.com/')).toBe('https://partner.example.com/');
    expect(externalRedirectUrl('/account')).toBeNull();
    expect(externalRedirectUrl(null)).toBeNull();
  });
});

describe.each(OPEN_REDIRECT_FILES)('the open-redirect corpus %s', (file) => {
  const portal = 'https://portal.example';
  it('never leaves the portal for a payload, while the partner addresses are followed', () => {
    const payloads = openRedirectPayloads(file, 'partner.example.com');
    expect(payloads.length).toBeGreaterThan(10);
    const escaping = payloads.filter((payload) => {
      const target = chooseRedirect([payload], patterns);
      if (target === null) return false;
      // An internal path is followed inside the SPA: it must resolve on the portal's own origin.
      return target.kind === 'external' || new URL(target.path, portal).origin !== portal;
    });
    expect(escaping).toEqual([]);
    expect(chooseRedirect(['https://partner.example.com/forum'], patterns)?.kind).toBe('external');
  });
});
