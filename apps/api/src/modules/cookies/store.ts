/**
 * The store of cookie consent (spec §3 Cookie category; §4 Cookie consent): the reference data
 * `cookie_categories` and `cookie_category_translations` (seeded), and the players' choices
 * `user_cookie_consents` (one row per player and category, `is_accepted` 0/1, `updated_at` ISO-8601;
 * migration 0004); plus the "popup seen" flag `users.is_cookie_popup_seen`.
 */
import type { Locale } from '@guildgate/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** One category as read for a player: its row, the player's choice (null when none) and its translation. */
export interface CookieCategoryRow {
  id: number;
  name: string;
  description: string;
  is_active: number;
  is_optional: number;
  is_accepted: number | null;
  translated_name: string | null;
  translated_description: string | null;
}

/**
 * Every category ordered by id, with player `userId`'s choice (none for null) and its translation into
 * `locale` (null when it has none).
 */
export function cookieCategoryRows(
  db: Kysely<Database>,
  userId: number | null,
  locale: Locale,
): Promise<CookieCategoryRow[]> {
  return db
    .selectFrom('cookie_categories as c')
    .leftJoin('user_cookie_consents as u', (join) =>
      join.onRef('u.cookie_id', '=', 'c.id').on('u.user_id', '=', userId ?? -1),
    )
    .leftJoin('cookie_category_translations as t', (join) =>
      join.onRef('t.cookie_id', '=', 'c.id').on('t.locale', '=', locale),
    )
    .select([
      'c.id',
      'c.name',
      'c.description',
      'c.is_active',
      'c.is_optional',
      'u.is_accepted',
      't.name as translated_name',
      't.description as translated_description',
    ])
    .orderBy('c.id')
    .execute();
}

/** The ids of the optional categories, ascending. */
export async function optionalCookieCategoryIds(db: Kysely<Database>): Promise<number[]> {
  const rows = await db
    .selectFrom('cookie_categories')
    .select('id')
    .where('is_optional', '=', 1)
    .orderBy('id')
    .execute();
  return rows.map((c) => c.id);
}

/** The category `id` (id and `is_optional` 0/1), or undefined. */
export function findCookieCategory(
  db: Kysely<Database>,
  id: number,
): Promise<{ id: number; is_optional: number } | undefined> {
  return db
    .selectFrom('cookie_categories')
    .select(['id', 'is_optional'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Writes `isAccepted` for `userId` on each category of `cookieIds` at `updatedAt` (ISO): inserts, or
 * updates the existing row.
 */
export async function upsertCookieConsents(
  db: Kysely<Database>,
  userId: number,
  cookieIds: readonly number[],
  isAccepted: boolean,
  updatedAt: string,
): Promise<void> {
  if (cookieIds.length === 0) return;
  await db
    .insertInto('user_cookie_consents')
    .values(
      cookieIds.map((cookieId) => ({
        user_id: userId,
        cookie_id: cookieId,
        is_accepted: isAccepted ? 1 : 0,
        updated_at: updatedAt,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['user_id', 'cookie_id']).doUpdateSet((eb) => ({
        is_accepted: eb.ref('excluded.is_accepted'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}

/**
 * Deletes every cookie choice of player `userId` (internal users.id).
 * @returns the number of rows deleted
 */
export async function deleteCookieConsentsOfPlayer(db: Kysely<Database>, userId: number): Promise<number> {
  const result = await db.deleteFrom('user_cookie_consents').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Player `userId`'s choices (issue 22 §8 export): category name (English), 0/1 and time, by category id. */
export function cookieConsentsOfPlayer(
  db: Kysely<Database>,
  userId: number,
): Promise<{ name: string; is_accepted: number; updated_at: string }[]> {
  return db
    .selectFrom('user_cookie_consents as u')
    .innerJoin('cookie_categories as c', 'c.id', 'u.cookie_id')
    .select(['c.name', 'u.is_accepted', 'u.updated_at'])
    .where('u.user_id', '=', userId)
    .orderBy('c.id')
    .execute();
}
