/** Tests of the account side list (spec §2 Account dashboard) and the profile address. */
import { describe, expect, it } from 'vitest';
import { accountNavEntries } from './account-nav.tsx';
import { profileUrl } from './account-dashboard.tsx';

const off = {
  connectionsSection: false,
  newsletterSection: false,
  customCookieManagement: false,
  deletionSection: false,
  dataExport: false,
};

describe('accountNavEntries', () => {
  it('always lists My information, Connected sites, Cookies and Blocked Users', () => {
    expect(accountNavEntries(off).map((e) => e.key)).toEqual([
      'information',
      'connectedSites',
      'cookies',
      'blockedUsers',
    ]);
  });
  it('adds the sections switched on and puts the cookie settings in the place of Cookies', () => {
    const all = {
      connectionsSection: true,
      newsletterSection: true,
      customCookieManagement: true,
      deletionSection: true,
      dataExport: true,
    };
    expect(accountNavEntries(all).map((e) => (e.kind === 'link' ? e.to : e.kind))).toEqual([
      '/account',
      '/account/link-account',
      '/account/connected-sites',
      '/account/newsletter',
      'cookieSettings',
      '/account/blocked-users-management',
      '/account/your-data',
      '/account/deletion-request',
    ]);
  });
  it("keeps the spec's order with every combination of the five flags", () => {
    const order = [
      'information',
      'connections',
      'connectedSites',
      'newsletter',
      'cookies',
      'blockedUsers',
      'yourData',
      'deletion',
    ];
    for (let mask = 0; mask < 32; mask += 1) {
      const flags = {
        connectionsSection: (mask & 1) !== 0,
        newsletterSection: (mask & 2) !== 0,
        customCookieManagement: (mask & 4) !== 0,
        deletionSection: (mask & 8) !== 0,
        dataExport: (mask & 16) !== 0,
      };
      // The cookie-settings entry stands where Cookies would.
      const slots = accountNavEntries(flags).map((e) => (e.key === 'cookieSettings' ? 'cookies' : e.key));
      const expected = order.filter(
        (key) =>
          (key !== 'connections' || flags.connectionsSection) &&
          (key !== 'newsletter' || flags.newsletterSection) &&
          (key !== 'deletion' || flags.deletionSection) &&
          (key !== 'yourData' || flags.dataExport),
      );
      expect(slots, JSON.stringify(flags)).toEqual(expected);
      expect(accountNavEntries(flags).some((e) => e.kind === 'cookieSettings')).toBe(
        flags.customCookieManagement,
      );
    }
  });
});

describe('profileUrl', () => {
  it('joins the front url and /profile', () => {
    expect(profileUrl('https://community.example/')).toBe('https://community.example/profile');
    expect(profileUrl('https://community.example')).toBe('https://community.example/profile');
  });
});
