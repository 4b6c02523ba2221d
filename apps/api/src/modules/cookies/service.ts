/**
 * Cookie consent on the server (spec §3 Cookie category; §4 Cookie consent "For logged-in users
 * consent is stored on the server and 'popup seen' is recorded"; §7 GET cookie, GET cookie/user/{id},
 * POST cookie/user/{id}/accept-all, POST cookie/user/{id}/set-cookie, POST
 * profile/user/{id}/see-cookie-popup). The categories are reference data (`cookie_categories`,
 * seeded); a player's choice is one `user_cookie_consents` row per category (migration 0004). A
 * category without a row is refused when optional; a non-optional category is always accepted.
 * Every choice is written with its audit event in one transaction (a record of the consent given).
 */
import type { CookieCategory, Locale, SetCookieRequest } from '@guildgate/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { markCookiePopupSeen as markPopupSeenInStore } from '../accounts/index.ts';
import { audit } from '../audit/index.ts';
import { badRequest } from '../../lib/errors.ts';
import { isoNow } from '../../lib/time.ts';
import type { PlayerDataEraser } from '../../db/player-data.ts';
import {
  cookieCategoryRows,
  deleteCookieConsentsOfPlayer,
  findCookieCategory,
  optionalCookieCategoryIds,
  upsertCookieConsents,
} from './store.ts';

/** The store, or a transaction on it. */
type Store = Kysely<Database> | Transaction<Database>;

/**
 * Every cookie category, ordered by Id, as spec §3 Cookie category items, with `Name` and
 * `Description` in `locale` (English when the category has no translation in it; `CanonicalName` is
 * always the English name).
 * @param userId internal users.id whose choices fill `IsAccepted`; null for the anonymous list
 *   (`IsAccepted` false for optional categories, true for the others)
 * @param locale the answer's language (lib/locale.ts `playerAnswerLocale`)
 */
export async function listCookieCategories(
  db: Store,
  userId: number | null,
  locale: Locale,
): Promise<CookieCategory[]> {
  const rows = await cookieCategoryRows(db, userId, locale);
  return rows.map((r) => ({
    Id: r.id,
    CanonicalName: r.name,
    Name: r.translated_name ?? r.name,
    Description: r.translated_description ?? r.description,
    IsActive: r.is_active === 1,
    IsOptional: r.is_optional === 1,
    IsAccepted: r.is_optional !== 1 || r.is_accepted === 1,
  }));
}

/**
 * POST cookie/user/{id}/accept-all (spec §7): accepts (`isAllReject` false) or refuses (true) every
 * optional category for the player, in one transaction with the audit event `cookie.consent_all`.
 * Necessary categories are left as they are (always accepted).
 * @param userId the caller's internal users.id (from the bearer)
 */
export async function acceptAllCookies(
  ctx: AppContext,
  userId: number,
  isAllReject: boolean,
  ip: string | null,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const ids = await optionalCookieCategoryIds(trx);
    await upsertCookieConsents(trx, userId, ids, !isAllReject, isoNow());
    await audit({ db: trx }, userId, 'cookie.consent_all', ip, { IsAllReject: isAllReject, Ids: ids });
  });
}

/**
 * POST cookie/user/{id}/set-cookie (spec §7): the player's choice for one category, written with
 * the audit event `cookie.consent_set` in one transaction. Accepting a necessary category is a
 * no-op (it is always accepted) but still answers 200.
 * @param userId the caller's internal users.id (from the bearer)
 * @throws 400 ERROR_COOKIE_NOTEXISTS on `Id_Cookie` when no category has that id;
 *   400 ERROR_COOKIE_NOT_OPTIONAL on `IsAccepted` when a necessary category is refused
 */
export async function setCookieConsent(
  ctx: AppContext,
  userId: number,
  { Id_Cookie, IsAccepted }: SetCookieRequest,
  ip: string | null,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const category = await findCookieCategory(trx, Id_Cookie);
    if (!category) throw badRequest('ERROR_COOKIE_NOTEXISTS', 'Id_Cookie');
    if (category.is_optional !== 1) {
      if (!IsAccepted) throw badRequest('ERROR_COOKIE_NOT_OPTIONAL', 'IsAccepted');
      return;
    }
    await upsertCookieConsents(trx, userId, [category.id], IsAccepted, isoNow());
    await audit({ db: trx }, userId, 'cookie.consent_set', ip, { Id_Cookie, IsAccepted });
  });
}

/**
 * POST profile/user/{id}/see-cookie-popup (spec §7; §4 "'popup seen' is recorded"): sets
 * users.is_cookie_popup_seen = 1, read back as User.IsCookiePopupSeen. Idempotent: the audit event
 * `cookie.popup_seen` is written only when the flag changes.
 * @param userId the caller's internal users.id (from the bearer)
 */
export async function markCookiePopupSeen(ctx: AppContext, userId: number, ip: string | null): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    if (await markPopupSeenInStore(trx, userId)) await audit({ db: trx }, userId, 'cookie.popup_seen', ip);
  });
}

/**
 * Deletes every cookie choice of the player `userId` (internal users.id); for the account deletion
 * (spec §4 Deletion), inside its transaction. The foreign key cascades too; this makes the removal
 * explicit and independent of the store's foreign-key enforcement.
 * @returns the number of rows deleted
 */
export async function deleteCookieConsents(trx: Store, userId: number): Promise<number> {
  return deleteCookieConsentsOfPlayer(trx, userId);
}

/** The cookies part of account deletion (issue 20 §4): the player's cookie choices go. */
export const playerDataEraser: PlayerDataEraser = {
  module: 'cookies',
  tables: ['user_cookie_consents'],
  async deletePlayerData(trx, player) {
    await deleteCookieConsentsOfPlayer(trx, player.id);
  },
};
