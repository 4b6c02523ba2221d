/**
 * Cookie consent (spec §2 Cookies, §3 Cookie category, §4 Cookie consent, §7 "Cookies, profile", §9):
 * the category shape of GET cookie and GET cookie/user/{id}, the bodies of POST
 * cookie/user/{id}/accept-all and POST cookie/user/{id}/set-cookie, and the names of the three
 * consent cookies the SPA writes.
 */
import { z } from 'zod';

/** spec §9 consent cookie names: the choice was made, analytics accepted, marketing accepted ('1' / '0'). */
export const CONSENT_COOKIE_NAMES = {
  consent: 'consent_cookies',
  analytics: 'consent_analytics',
  marketing: 'consent_marketing',
} as const;

/**
 * spec §9 category names, by the consent cookie each one drives (consent_analytics and
 * consent_marketing). Other categories (e.g. the necessary ones) drive no cookie.
 */
export const CONSENT_CATEGORY_NAMES = {
  analytics: 'Analytical cookies',
  marketing: 'Marketing cookies',
} as const;

/** The optional consent cookies: analytics and marketing. */
export type ConsentCookieKey = keyof typeof CONSENT_CATEGORY_NAMES;

/** Largest category id a caller may send: the store's integer range (PostgreSQL `integer`). */
export const MAX_COOKIE_CATEGORY_ID = 2_147_483_647;

/**
 * spec §3 Cookie category — one item of GET cookie and GET cookie/user/{id}. `Name` and `Description`
 * are in the caller's language (Accept-Language, else the player's saved locale, else English);
 * `CanonicalName` is the category's English name whatever the language (the spec §9 names for the
 * analytics and marketing categories), by which the SPA finds the consent cookie a category drives.
 * `IsOptional` false: a necessary category, always accepted. `IsAccepted`: the player's choice (GET
 * cookie/user/{id}); in the anonymous list, false for optional categories and true for the others.
 */
export const CookieCategorySchema = z.object({
  Id: z.number().int(),
  CanonicalName: z.string(),
  Name: z.string(),
  Description: z.string(),
  IsActive: z.boolean(),
  IsOptional: z.boolean(),
  IsAccepted: z.boolean(),
});
export type CookieCategory = z.infer<typeof CookieCategorySchema>;

/** Answer of GET cookie and GET cookie/user/{id}: every category, ordered by Id. */
export const CookieCategoriesResponseSchema = z.array(CookieCategorySchema);

/**
 * spec §7 POST cookie/user/{id}/accept-all: `IsAllReject` false accepts every optional category,
 * true refuses every one.
 */
export const AcceptAllCookiesRequestSchema = z.object({ IsAllReject: z.boolean() });
export type AcceptAllCookiesRequest = z.infer<typeof AcceptAllCookiesRequestSchema>;

/** spec §7 POST cookie/user/{id}/set-cookie: the player's choice for category `Id_Cookie`. */
export const SetCookieRequestSchema = z.object({
  Id_Cookie: z.number().int().min(1).max(MAX_COOKIE_CATEGORY_ID),
  IsAccepted: z.boolean(),
});
export type SetCookieRequest = z.infer<typeof SetCookieRequestSchema>;

/**
 * The consent cookie a category drives, from its spec §9 name (the category's `CanonicalName`, never
 * its translated `Name`); null for any other category.
 */
export function consentCookieKeyOf(name: string): ConsentCookieKey | null {
  for (const [key, categoryName] of Object.entries(CONSENT_CATEGORY_NAMES)) {
    if (categoryName === name) return key as ConsentCookieKey;
  }
  return null;
}
