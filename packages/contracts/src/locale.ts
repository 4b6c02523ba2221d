/**
 * The player's language (issue 19 §7 "French, completely"; DESIGN.md §6 i18n): the locales the portal
 * speaks, the saved locale of a player (spec §3 User, our `Locale` field) and the call that saves it,
 * POST profile/user/{userId}/update-locale. The SPA sends its current language as `Accept-Language` on
 * every call; the API answers reference data (cookie categories, newsletter lists, deletion types) and
 * writes e-mails in that language or the saved one (docs/architecture.md "Languages").
 */
import { z } from 'zod';

/** The locales of the portal, the first is the default (English; French second). */
export const LOCALES = ['en', 'fr'] as const;

/** One of {@link LOCALES}. */
export const LocaleSchema = z.enum(LOCALES);
export type Locale = z.infer<typeof LocaleSchema>;

/** The default locale: English, whose texts are the spec's. */
export const DEFAULT_LOCALE: Locale = 'en';

/** Is `value` one of {@link LOCALES}? */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** POST profile/user/{userId}/update-locale: the language the player chose (the footer's switcher). */
export const UpdateLocaleRequestSchema = z.object({ Locale: LocaleSchema });
export type UpdateLocaleRequest = z.infer<typeof UpdateLocaleRequestSchema>;
