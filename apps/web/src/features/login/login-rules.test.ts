/** Tests of the login views' rules (spec §8 empty fields; §1 Single sign-on: which partner site). */
import { describe, expect, it } from 'vitest';
import { partnerSiteOf, requiredIdentifier, requiredPassword } from './login-rules.ts';

describe('required fields', () => {
  it('refuses an empty or blank identifier with USERNAME_EMPTY', () => {
    expect(requiredIdentifier('')).toBe('ERROR_USERNAME_EMPTY');
    expect(requiredIdentifier('   ')).toBe('ERROR_USERNAME_EMPTY');
    expect(requiredIdentifier('player1')).toBe(true);
  });
  it('refuses an empty password with PASSWORD_EMPTY (spaces are a password)', () => {
    expect(requiredPassword('')).toBe('ERROR_PASSWORD_EMPTY');
    expect(requiredPassword(' ')).toBe(true);
  });
});

describe('partnerSiteOf', () => {
  const portal = 'https://account.example';
  const patterns = [`${portal}/`, 'https://partner.example.com/', 'https://*.games.example/community'];
  const oauth = (redirectUri: string) =>
    `/oauth?${new URLSearchParams({ client_id: 'partner', redirect_uri: redirectUri, state: 's' })}`;

  it('names the host of an allowed partner redirect', () => {
    expect(partnerSiteOf('https://partner.example.com/forum?x=1', patterns, portal)).toBe(
      'partner.example.com',
    );
    expect(partnerSiteOf('https://eu.games.example/community/news', patterns, portal)).toBe(
      'eu.games.example',
    );
  });
  it("names the partner of the hub's /oauth request by its redirect_uri", () => {
    expect(partnerSiteOf(oauth('https://partner.example.com/callback'), patterns, portal)).toBe(
      'partner.example.com',
    );
  });
  it('names nothing the allow-list refuses, nor the portal itself', () => {
    expect(partnerSiteOf('https://evil.example/', patterns, portal)).toBeNull();
    expect(partnerSiteOf('https://partner.example.com@evil.example/', patterns, portal)).toBeNull();
    expect(partnerSiteOf(oauth('https://evil.example/callback'), patterns, portal)).toBeNull();
    expect(partnerSiteOf(`${portal}/account`, patterns, portal)).toBeNull();
    expect(partnerSiteOf('https://partner.example.com/', [], portal)).toBeNull();
  });
  it('names nothing for a return path inside the portal or no redirect', () => {
    expect(partnerSiteOf('/account/newsletter', patterns, portal)).toBeNull();
    expect(partnerSiteOf('/oauth?client_id=partner', patterns, portal)).toBeNull();
    expect(partnerSiteOf(null, patterns, portal)).toBeNull();
    expect(partnerSiteOf('', patterns, portal)).toBeNull();
  });
});
