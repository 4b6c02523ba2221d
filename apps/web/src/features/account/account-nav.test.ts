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
  securitySessions: false,
  securityActivity: false,
  authenticatorApp: false,
  passkeys: false,
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
      securitySessions: true,
      securityActivity: true,
      authenticatorApp: true,
      passkeys: true,
    };
    expect(accountNavEntries(all).map((e) => (e.kind === 'link' ? e.to : e.kind))).toEqual([
      '/account',
      '/account/link-account',
      '/account/connected-sites',
      '/account/security',
      '/account/newsletter',
      'cookieSettings',
      '/account/blocked-users-management',
      '/account/your-data',
      '/account/deletion-request',
    ]);
  });
  it("keeps the spec's order with every combination of the nine flags", () => {
    const order = [
      'information',
      'connections',
      'connectedSites',
      'security',
      'newsletter',
      'cookies',
      'blockedUsers',
      'yourData',
      'deletion',
    ];
    for (let mask = 0; mask < 512; mask += 1) {
      const flags = {
        connectionsSection: (mask & 1) !== 0,
        newsletterSection: (mask & 2) !== 0,
        customCookieManagement: (mask & 4) !== 0,
        deletionSection: (mask & 8) !== 0,
        dataExport: (mask & 16) !== 0,
        securitySessions: (mask & 32) !== 0,
        securityActivity: (mask & 64) !== 0,
        authenticatorApp: (mask & 128) !== 0,
        passkeys: (mask & 256) !== 0,
      };
      // The cookie-settings entry stands where Cookies would.
      const slots = accountNavEntries(flags).map((e) => (e.key === 'cookieSettings' ? 'cookies' : e.key));
      const expected = order.filter(
        (key) =>
          (key !== 'connections' || flags.connectionsSection) &&
          (key !== 'newsletter' || flags.newsletterSection) &&
          (key !== 'deletion' || flags.deletionSection) &&
          (key !== 'yourData' || flags.dataExport) &&
          (key !== 'security' ||
            flags.securitySessions ||
            flags.securityActivity ||
            flags.authenticatorApp ||
            flags.passkeys),
      );
      expect(slots, JSON.stringify(flags)).toEqual(expected);
      expect(accountNavEntries(flags).some((e) => e.kind === 'cookieSettings')).toBe(
        flags.customCookieManagement,
      );
    }
  });
});

describe('the Security entry (issue 22 §5, §7)', () => {
  it('follows Connected sites when either security flag is on, and is gone when both are off', () => {
    const keys = (sessions: boolean, activity: boolean) =>
      accountNavEntries({ ...off, securitySessions: sessions, securityActivity: activity }).map((e) => e.key);
    for (const [sessions, activity] of [
      [true, false],
      [false, true],
      [true, true],
    ] as const) {
      expect(keys(sessions, activity)).toEqual([
        'information',
        'connectedSites',
        'security',
        'cookies',
        'blockedUsers',
      ]);
    }
    expect(keys(false, false)).not.toContain('security');
    // Issue 22 §1: the authenticator app alone keeps the entry.
    expect(accountNavEntries({ ...off, authenticatorApp: true }).map((e) => e.key)).toContain('security');
    // Issue 22 §3: so do passkeys.
    expect(accountNavEntries({ ...off, passkeys: true }).map((e) => e.key)).toContain('security');
    const entry = accountNavEntries({ ...off, securitySessions: true }).find((e) => e.key === 'security');
    expect(entry).toEqual({ kind: 'link', key: 'security', to: '/account/security', end: false });
  });
});

describe('profileUrl', () => {
  it('joins the front url and /profile', () => {
    expect(profileUrl('https://community.example/')).toBe('https://community.example/profile');
    expect(profileUrl('https://community.example')).toBe('https://community.example/profile');
  });
});
