/** Cookie consent decisions (spec §4 Cookie consent, §9 consent cookies, §7 cookie calls). */
import { describe, expect, it } from 'vitest';
import type { CookieCategory } from '@guildgate/contracts';
import {
  ALL_ACCEPTED,
  ALL_REFUSED,
  CONSENT_MAX_AGE_SECONDS,
  bannerVisible,
  consentCookieAssignments,
  consentSyncAction,
  initialSelection,
  readConsent,
  shownCategories,
  valuesFromCategories,
  valuesFromSelection,
  writesForAll,
  writesForSelection,
  writesForValues,
  type ConsentSessionView,
  type ConsentValues,
} from './consent.ts';

/** spec §9: the consent cookies last 365 days. */
const DAYS_365_IN_SECONDS = 365 * 24 * 60 * 60;

const NECESSARY: CookieCategory = {
  Id: 1,
  CanonicalName: 'Necessary cookies',
  Name: 'Necessary cookies',
  Description: 'Session',
  IsActive: true,
  IsOptional: false,
  IsAccepted: true,
};
const ANALYTICS: CookieCategory = {
  Id: 2,
  CanonicalName: 'Analytical cookies',
  Name: 'Analytical cookies',
  Description: 'Audience',
  IsActive: true,
  IsOptional: true,
  IsAccepted: false,
};
const MARKETING: CookieCategory = {
  Id: 3,
  CanonicalName: 'Marketing cookies',
  Name: 'Marketing cookies',
  Description: 'Offers',
  IsActive: true,
  IsOptional: true,
  IsAccepted: false,
};
/** An optional category that drives no consent cookie (spec §3 "others"). */
const SOCIAL: CookieCategory = {
  Id: 7,
  CanonicalName: 'Social media cookies',
  Name: 'Social media cookies',
  Description: 'Share buttons',
  IsActive: true,
  IsOptional: true,
  IsAccepted: true,
};
const CATEGORIES = [NECESSARY, ANALYTICS, MARKETING];
const MIXED: ConsentValues = { analytics: true, marketing: false };

/** The `name=value` pairs a browser keeps of the assignments (what document.cookie reads back). */
function cookieHeader(assignments: string[], others: string[] = []): string {
  return [...others, ...assignments.map((a) => a.split(';')[0])].join('; ');
}

describe('consent cookies', () => {
  it('last 365 days', () => {
    expect(CONSENT_MAX_AGE_SECONDS).toBe(DAYS_365_IN_SECONDS);
  });

  it('are written as consent_cookies=1 plus 1/0 for analytics and marketing, path /, SameSite=Lax', () => {
    const attributes = `Path=/; Max-Age=${DAYS_365_IN_SECONDS}; SameSite=Lax`;
    expect(consentCookieAssignments(MIXED, false)).toEqual([
      `consent_cookies=1; ${attributes}`,
      `consent_analytics=1; ${attributes}`,
      `consent_marketing=0; ${attributes}`,
    ]);
    expect(consentCookieAssignments(ALL_REFUSED, true)).toEqual([
      `consent_cookies=1; ${attributes}; Secure`,
      `consent_analytics=0; ${attributes}; Secure`,
      `consent_marketing=0; ${attributes}; Secure`,
    ]);
  });

  it('read back as the values written, among other cookies', () => {
    for (const values of [ALL_ACCEPTED, ALL_REFUSED, MIXED, { analytics: false, marketing: true }]) {
      const header = cookieHeader(consentCookieAssignments(values, false), ['_g2g_identity_=abc', 'x=1']);
      expect(readConsent(header)).toEqual(values);
    }
  });

  it('hold no choice unless consent_cookies is exactly 1 (the banner shows)', () => {
    for (const header of [
      '',
      'consent_analytics=1; consent_marketing=1',
      'consent_cookies=0; consent_analytics=1',
      'consent_cookies=true',
      'consent_cookies=11',
      'x_consent_cookies=1',
    ]) {
      expect(readConsent(header), header).toBeNull();
    }
  });

  it('count a missing or unexpected analytics or marketing value as refused', () => {
    expect(readConsent('consent_cookies=1')).toEqual(ALL_REFUSED);
    expect(readConsent('consent_cookies=1; consent_analytics=yes; consent_marketing=1')).toEqual({
      analytics: false,
      marketing: true,
    });
  });
});

describe('categories and switches', () => {
  it('map categories to the cookies by CanonicalName; other categories drive none', () => {
    expect(valuesFromCategories([NECESSARY, { ...ANALYTICS, IsAccepted: true }, MARKETING])).toEqual(MIXED);
    expect(valuesFromCategories([{ ...MARKETING, IsAccepted: true }, SOCIAL])).toEqual({
      analytics: false,
      marketing: true,
    });
    expect(valuesFromCategories([])).toEqual(ALL_REFUSED);
  });

  it('map translated categories by CanonicalName, never by their Name in the language shown', () => {
    const french = [
      { ...NECESSARY, Name: 'Cookies nécessaires' },
      { ...ANALYTICS, Name: 'Cookies analytiques', IsAccepted: true },
      { ...MARKETING, Name: 'Cookies marketing' },
    ];
    expect(valuesFromCategories(french)).toEqual(MIXED);
    expect(initialSelection(french, MIXED)).toEqual({ 1: true, 2: true, 3: false });
    expect(writesForValues(MIXED, french)).toEqual([
      { call: 'set-cookie', body: { Id_Cookie: 2, IsAccepted: true } },
      { call: 'set-cookie', body: { Id_Cookie: 3, IsAccepted: false } },
    ]);
    // A category named like a spec §9 one in the language shown, but canonically another, drives none.
    const lookalike: CookieCategory = { ...SOCIAL, Name: 'Analytical cookies', IsAccepted: true };
    expect(valuesFromCategories([lookalike])).toEqual(ALL_REFUSED);
  });

  it('show the active categories only', () => {
    const inactive = { ...SOCIAL, IsActive: false };
    expect(shownCategories([NECESSARY, inactive, ANALYTICS])).toEqual([NECESSARY, ANALYTICS]);
  });

  it('open with the necessary category on, the cookie values when a choice exists, else IsAccepted', () => {
    const categories = [NECESSARY, ANALYTICS, { ...MARKETING, IsAccepted: true }, SOCIAL];
    expect(initialSelection(categories, null)).toEqual({ 1: true, 2: false, 3: true, 7: true });
    expect(initialSelection(categories, MIXED)).toEqual({ 1: true, 2: true, 3: false, 7: true });
    expect(initialSelection([{ ...NECESSARY, IsAccepted: false }], ALL_REFUSED)).toEqual({ 1: true });
  });

  it('turn switches into cookie values', () => {
    expect(valuesFromSelection(CATEGORIES, { 1: true, 2: false, 3: true })).toEqual({
      analytics: false,
      marketing: true,
    });
    expect(valuesFromSelection(CATEGORIES, {})).toEqual(ALL_REFUSED);
  });
});

describe('server calls that store a choice', () => {
  it('accept all and reject all are one accept-all call', () => {
    expect(writesForAll(true)).toEqual([{ call: 'accept-all', body: { IsAllReject: false } }]);
    expect(writesForAll(false)).toEqual([{ call: 'accept-all', body: { IsAllReject: true } }]);
  });

  it('switches all on or all off are one accept-all; a mix is one set-cookie per optional category', () => {
    const categories = [...CATEGORIES, SOCIAL];
    expect(writesForSelection(categories, { 1: true, 2: true, 3: true, 7: true })).toEqual(
      writesForAll(true),
    );
    expect(writesForSelection(categories, { 1: true, 2: false, 3: false, 7: false })).toEqual(
      writesForAll(false),
    );
    expect(writesForSelection(categories, { 1: true, 2: true, 3: false })).toEqual([
      { call: 'set-cookie', body: { Id_Cookie: 2, IsAccepted: true } },
      { call: 'set-cookie', body: { Id_Cookie: 3, IsAccepted: false } },
      { call: 'set-cookie', body: { Id_Cookie: 7, IsAccepted: false } },
    ]);
  });

  it('cookie values made before logging in: accept-all when they agree, else set-cookie by CanonicalName', () => {
    expect(writesForValues(ALL_ACCEPTED, CATEGORIES)).toEqual(writesForAll(true));
    expect(writesForValues(ALL_REFUSED, [])).toEqual(writesForAll(false));
    expect(writesForValues(MIXED, [...CATEGORIES, SOCIAL])).toEqual([
      { call: 'set-cookie', body: { Id_Cookie: 2, IsAccepted: true } },
      { call: 'set-cookie', body: { Id_Cookie: 3, IsAccepted: false } },
    ]);
  });
});

describe('the banner and the server record', () => {
  const anonymous: ConsentSessionView = { status: 'anonymous', establishing: false, popupSeen: null };
  const starting: ConsentSessionView = { status: 'loading', establishing: false, popupSeen: null };
  const loggingIn: ConsentSessionView = { status: 'loading', establishing: true, popupSeen: null };
  const seen: ConsentSessionView = { status: 'authenticated', establishing: false, popupSeen: true };
  const unseen: ConsentSessionView = { status: 'authenticated', establishing: false, popupSeen: false };

  it('decides what to do with the server record', () => {
    expect(consentSyncAction(null, starting)).toBe('wait');
    expect(consentSyncAction(MIXED, starting)).toBe('wait');
    expect(consentSyncAction(null, loggingIn)).toBe('none');
    expect(consentSyncAction(null, anonymous)).toBe('none');
    expect(consentSyncAction(MIXED, anonymous)).toBe('none');
    // Chose on another device: restore, do not ask again.
    expect(consentSyncAction(null, seen)).toBe('restore');
    // Chose before logging in: store that choice.
    expect(consentSyncAction(MIXED, unseen)).toBe('upload');
    expect(consentSyncAction(null, unseen)).toBe('none');
    expect(consentSyncAction(MIXED, seen)).toBe('none');
    expect(consentSyncAction(null, { ...seen, popupSeen: null })).toBe('none');
  });

  it('shows the banner unless a choice exists, while waiting, or while restoring', () => {
    expect(bannerVisible(null, 'none', false)).toBe(true);
    expect(bannerVisible(MIXED, 'none', false)).toBe(false);
    expect(bannerVisible(ALL_REFUSED, 'upload', false)).toBe(false);
    expect(bannerVisible(null, 'wait', false)).toBe(false);
    expect(bannerVisible(null, 'restore', false)).toBe(false);
    // The restore failed: ask.
    expect(bannerVisible(null, 'restore', true)).toBe(true);
  });
});
