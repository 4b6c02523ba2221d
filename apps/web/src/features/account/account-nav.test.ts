/** Tests of the account side list (spec §2 Account dashboard) and the profile address. */
import { describe, expect, it } from 'vitest';
import { accountNavEntries } from './account-nav.tsx';
import { profileUrl } from './account-dashboard.tsx';

const off = {
  connectionsSection: false,
  newsletterSection: false,
  customCookieManagement: false,
  deletionSection: false,
};

describe('accountNavEntries', () => {
  it('always lists My information, Cookies and Blocked Users', () => {
    expect(accountNavEntries(off).map((e) => e.key)).toEqual(['information', 'cookies', 'blockedUsers']);
  });
  it('adds the sections switched on and drops Cookies under custom cookie management', () => {
    const all = {
      connectionsSection: true,
      newsletterSection: true,
      customCookieManagement: true,
      deletionSection: true,
    };
    expect(accountNavEntries(all).map((e) => e.to)).toEqual([
      '/account',
      '/account/link-account',
      '/account/newsletter',
      '/account/blocked-users-management',
      '/account/deletion-request',
    ]);
  });
});

describe('profileUrl', () => {
  it('joins the front url and /profile', () => {
    expect(profileUrl('https://community.example/')).toBe('https://community.example/profile');
    expect(profileUrl('https://community.example')).toBe('https://community.example/profile');
  });
});
