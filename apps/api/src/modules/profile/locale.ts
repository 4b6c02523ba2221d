/**
 * The player's saved language (issue 19 §7 "French, completely"; contracts `locale.ts`; migration 0016
 * `users.locale`): POST profile/user/{userId}/update-locale, which the SPA calls when a signed-in player
 * picks a language in the footer. Registration sets it first, from the request's Accept-Language.
 */
import type { Locale } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { setLocale } from '../accounts/index.ts';

/**
 * Saves `locale` as the language of player `userId` (internal users.id); idempotent. E-mails use it
 * first (lib/locale.ts `mailLocale`), and reference data when a call names no language.
 */
export async function saveLocale(ctx: AppContext, userId: number, locale: Locale): Promise<void> {
  await setLocale(ctx.db, userId, locale);
}
