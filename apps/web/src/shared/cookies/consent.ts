/**
 * Cookie consent decisions (spec §4 Cookie consent; §9 consent cookies; §7 cookie calls), pure so
 * they are unit-tested: reading and writing the three consent cookies, mapping the categories of
 * GET cookie / GET cookie/user/{id} to them by CanonicalName (the spec §9 name, whatever the language), the settings dialog's switches, which server
 * calls store a choice, and what a logged-in player's server record asks the manager to do.
 *
 * The consent cookies: `consent_cookies=1` once any choice is made (the banner is shown unless it
 * is '1'), `consent_analytics` and `consent_marketing` '1' or '0'; each for 365 days
 * (`Max-Age`), path /, SameSite=Lax, Secure on https.
 */
import {
  CONSENT_COOKIE_NAMES,
  LIMITS,
  consentCookieKeyOf,
  type AcceptAllCookiesRequest,
  type ConsentCookieKey,
  type CookieCategory,
  type SetCookieRequest,
} from '@guildgate/contracts';
import { parseCookie, serializeCookie } from './cookies.ts';

/** Lifetime of the consent cookies in seconds (spec §9: 365 days). */
export const CONSENT_MAX_AGE_SECONDS = LIMITS.consentCookieDays * 24 * 60 * 60;

/** Window event dispatched after the consent cookies were written; detail: {@link ConsentChange}. */
export const CONSENT_CHANGED_EVENT = 'guildgate:consent-changed';

/** The cookie header before and after a consent write (what the tag manager compares). */
export interface ConsentChange {
  before: string;
  after: string;
}

/** A consent choice: one value per optional consent cookie (true: '1'). */
export type ConsentValues = Record<ConsentCookieKey, boolean>;

/** Accept all (spec §4 "accept all"). */
export const ALL_ACCEPTED: ConsentValues = { analytics: true, marketing: true };
/** Reject all (spec §4 "reject all"). */
export const ALL_REFUSED: ConsentValues = { analytics: false, marketing: false };

/**
 * The choice held by the consent cookies of `cookieHeader` (a `document.cookie` string), or null
 * when no choice was made (consent_cookies is not '1': the banner shows). A missing or unexpected
 * analytics/marketing value counts as refused.
 */
export function readConsent(cookieHeader: string): ConsentValues | null {
  if (parseCookie(cookieHeader, CONSENT_COOKIE_NAMES.consent) !== '1') return null;
  return {
    analytics: parseCookie(cookieHeader, CONSENT_COOKIE_NAMES.analytics) === '1',
    marketing: parseCookie(cookieHeader, CONSENT_COOKIE_NAMES.marketing) === '1',
  };
}

/**
 * The three `document.cookie` assignments that store `values` (spec §4, §9): consent_cookies=1,
 * consent_analytics and consent_marketing '1'/'0', Max-Age 365 days, Path=/, SameSite=Lax, and
 * Secure when `secure` (the page is served over https).
 */
export function consentCookieAssignments(values: ConsentValues, secure: boolean): string[] {
  const options = { maxAgeSeconds: CONSENT_MAX_AGE_SECONDS, sameSite: 'Lax' as const, secure };
  return [
    serializeCookie(CONSENT_COOKIE_NAMES.consent, '1', options),
    serializeCookie(CONSENT_COOKIE_NAMES.analytics, values.analytics ? '1' : '0', options),
    serializeCookie(CONSENT_COOKIE_NAMES.marketing, values.marketing ? '1' : '0', options),
  ];
}

/** The categories the settings show: the active ones (spec §3 IsActive). */
export function shownCategories(categories: readonly CookieCategory[]): CookieCategory[] {
  return categories.filter((category) => category.IsActive);
}

/**
 * The cookie values of a category list (`IsAccepted` of 'Analytical cookies' and 'Marketing
 * cookies', found by `CanonicalName`, the same in every language; a category missing from the list
 * counts as refused). Used to restore the cookies from GET cookie/user/{id}.
 */
export function valuesFromCategories(
  categories: readonly Pick<CookieCategory, 'CanonicalName' | 'IsAccepted'>[],
) {
  const values: ConsentValues = { ...ALL_REFUSED };
  for (const category of categories) {
    const key = consentCookieKeyOf(category.CanonicalName);
    if (key) values[key] = category.IsAccepted;
  }
  return values;
}

/** The settings switches: category Id → on; a category it lacks is off. */
export type ConsentSelection = Partial<Record<number, boolean>>;

/**
 * The switches the settings open with: a necessary category is on; a category that drives a cookie
 * shows the cookie's value when a choice was made (`current`); any other shows its `IsAccepted`
 * (the player's server record, or off for a visitor).
 */
export function initialSelection(
  categories: readonly CookieCategory[],
  current: ConsentValues | null,
): ConsentSelection {
  const selection: ConsentSelection = {};
  for (const category of categories) {
    const key = consentCookieKeyOf(category.CanonicalName);
    selection[category.Id] = !category.IsOptional
      ? true
      : key && current
        ? current[key]
        : category.IsAccepted;
  }
  return selection;
}

/** The cookie values of the switches (a category the list lacks counts as refused). */
export function valuesFromSelection(
  categories: readonly CookieCategory[],
  selection: ConsentSelection,
): ConsentValues {
  return valuesFromCategories(
    categories.map((category) => ({
      CanonicalName: category.CanonicalName,
      IsAccepted: selection[category.Id] === true,
    })),
  );
}

/** One server call that stores (part of) a logged-in player's choice (spec §7). */
export type ConsentWrite =
  { call: 'accept-all'; body: AcceptAllCookiesRequest } | { call: 'set-cookie'; body: SetCookieRequest };

/** Accept all / reject all on the server: one POST cookie/user/{id}/accept-all. */
export function writesForAll(accept: boolean): ConsentWrite[] {
  return [{ call: 'accept-all', body: { IsAllReject: !accept } }];
}

/**
 * The calls that store the switches: one accept-all when every optional category is on (or every
 * one off), else one set-cookie per optional category. Necessary categories are never sent.
 */
export function writesForSelection(
  categories: readonly CookieCategory[],
  selection: ConsentSelection,
): ConsentWrite[] {
  const optional = categories.filter((category) => category.IsOptional);
  const on = optional.filter((category) => selection[category.Id] === true);
  if (on.length === optional.length) return writesForAll(true);
  if (on.length === 0) return writesForAll(false);
  return optional.map((category) => ({
    call: 'set-cookie',
    body: { Id_Cookie: category.Id, IsAccepted: selection[category.Id] === true },
  }));
}

/**
 * The calls that store cookie values made before the server knew of them (e.g. chosen before
 * logging in): one accept-all when both values agree, else one set-cookie per category that drives
 * a cookie, found by CanonicalName in `categories`.
 */
export function writesForValues(
  values: ConsentValues,
  categories: readonly CookieCategory[],
): ConsentWrite[] {
  if (values.analytics === values.marketing) return writesForAll(values.analytics);
  const writes: ConsentWrite[] = [];
  for (const category of categories) {
    const key = consentCookieKeyOf(category.CanonicalName);
    if (key && category.IsOptional)
      writes.push({ call: 'set-cookie', body: { Id_Cookie: category.Id, IsAccepted: values[key] } });
  }
  return writes;
}

/** What the session tells the consent manager. */
export interface ConsentSessionView {
  status: 'loading' | 'anonymous' | 'authenticated';
  /** A log-in is being turned into a session. */
  establishing: boolean;
  /** spec §3 User.IsCookiePopupSeen of the logged-in player; null when anonymous. */
  popupSeen: boolean | null;
}

/**
 * What a page load does about the server record (spec §4 "For logged-in users consent is stored on
 * the server and 'popup seen' is recorded"):
 * - 'wait': the session is being restored at start (a logged-in player may have chosen already):
 *   no banner yet;
 * - 'restore': a logged-in player without consent cookies whose record says the banner was seen
 *   (they chose on another device): write the cookies from GET cookie/user/{id}, no banner;
 * - 'upload': a logged-in player with consent cookies whose record says the banner was never seen
 *   (they chose before logging in): store the cookies' choice and record 'popup seen';
 * - 'none': nothing to do (the banner shows when there is no choice).
 */
export function consentSyncAction(
  consent: ConsentValues | null,
  session: ConsentSessionView,
): 'wait' | 'restore' | 'upload' | 'none' {
  if (session.status === 'loading') return session.establishing ? 'none' : 'wait';
  if (session.status !== 'authenticated' || session.popupSeen === null) return 'none';
  if (consent === null) return session.popupSeen ? 'restore' : 'none';
  return session.popupSeen ? 'none' : 'upload';
}

/**
 * The banner shows when no choice was made (consent_cookies is not '1'), except while the session
 * is restored at start and while a logged-in player's choice is restored from the server (unless
 * that failed).
 */
export function bannerVisible(
  consent: ConsentValues | null,
  action: ReturnType<typeof consentSyncAction>,
  restoreFailed: boolean,
): boolean {
  if (consent !== null || action === 'wait') return false;
  return action !== 'restore' || restoreFailed;
}
