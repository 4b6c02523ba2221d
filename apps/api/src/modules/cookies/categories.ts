/**
 * The cookie categories as the operator console edits them (issue 24 §3; spec §3 Cookie category, §4
 * Cookie consent, §9 consent cookies): the reference rows `cookie_categories` (English name, unique —
 * GET cookie's CanonicalName —, description, is_active, is_optional) and their texts in the other
 * locales (`cookie_category_translations`). Each function works through the `db` it is given: the
 * console passes the transaction that also writes the staff audit event. Players see a change in their
 * next GET cookie (read from the store at every call).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** A category's name and description in a locale other than English. */
export interface CategoryTranslation {
  locale: string;
  name: string;
  description: string;
}

/** One category as the console reads and writes it (flags as booleans). */
export interface CookieCategoryDetail {
  id: number;
  name: string;
  description: string;
  isActive: boolean;
  isOptional: boolean;
  translations: CategoryTranslation[];
}

/** Every category by id with its translations (two queries), or only category `onlyId`. */
export async function cookieCategoryDetails(
  db: Kysely<Database>,
  onlyId?: number,
): Promise<CookieCategoryDetail[]> {
  let categories = db.selectFrom('cookie_categories').selectAll().orderBy('id');
  let translations = db
    .selectFrom('cookie_category_translations')
    .select(['cookie_id', 'locale', 'name', 'description'])
    .orderBy('locale');
  if (onlyId !== undefined) {
    categories = categories.where('id', '=', onlyId);
    translations = translations.where('cookie_id', '=', onlyId);
  }
  const rows = await categories.execute();
  const texts = await translations.execute();
  return rows.map((c) => ({
    id: c.id,
    name: c.name,
    description: c.description,
    isActive: c.is_active === 1,
    isOptional: c.is_optional === 1,
    translations: texts
      .filter((t) => t.cookie_id === c.id)
      .map((t) => ({ locale: t.locale, name: t.name, description: t.description })),
  }));
}

/** Does a category other than `exceptId` have English name `name`? */
export async function cookieCategoryNameTaken(
  db: Kysely<Database>,
  name: string,
  exceptId: number | null,
): Promise<boolean> {
  let query = db.selectFrom('cookie_categories').select('id').where('name', '=', name);
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/**
 * Creates a category (`id` null) or changes category `id`, and makes its translations exactly
 * `category.translations`.
 * @returns the category's id, or null when category `id` does not exist
 * @throws the store's unique violation when another category has the name (the caller checks first)
 */
export async function saveCookieCategory(
  db: Kysely<Database>,
  id: number | null,
  category: Omit<CookieCategoryDetail, 'id'>,
): Promise<number | null> {
  const values = {
    name: category.name,
    description: category.description,
    is_active: category.isActive ? 1 : 0,
    is_optional: category.isOptional ? 1 : 0,
  };
  let categoryId: number;
  if (id === null) {
    categoryId = (
      await db.insertInto('cookie_categories').values(values).returning('id').executeTakeFirstOrThrow()
    ).id;
  } else {
    const result = await db
      .updateTable('cookie_categories')
      .set(values)
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return null;
    categoryId = id;
  }
  await db.deleteFrom('cookie_category_translations').where('cookie_id', '=', categoryId).execute();
  if (category.translations.length > 0)
    await db
      .insertInto('cookie_category_translations')
      .values(
        category.translations.map((t) => ({
          cookie_id: categoryId,
          locale: t.locale,
          name: t.name,
          description: t.description,
        })),
      )
      .execute();
  return categoryId;
}

/**
 * Removes category `id` with its translations and the players' choices on it (the foreign keys cascade
 * too; this makes it explicit, as the module's eraser does). Run it in one transaction.
 * @returns how many players' choices were removed
 */
export async function removeCookieCategory(db: Kysely<Database>, id: number): Promise<number> {
  const choices = await db.deleteFrom('user_cookie_consents').where('cookie_id', '=', id).executeTakeFirst();
  await db.deleteFrom('cookie_category_translations').where('cookie_id', '=', id).execute();
  await db.deleteFrom('cookie_categories').where('id', '=', id).execute();
  return Number(choices.numDeletedRows);
}
