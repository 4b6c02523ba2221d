/**
 * The newsletter lists as the operator console edits them (issue 24 §3; spec §3 Newsletter opt-in, §7
 * GET newsletter): the reference rows `newsletter_lists` (English name, unique) and their names in the
 * other locales (`newsletter_list_translations`), with how many players opted in. Each function works
 * through the `db` it is given: the console passes the transaction that also writes the staff audit
 * event. Players see a change in their next GET newsletter (read from the store at every call).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { isoNow } from '../../lib/time.ts';

/** A list's name in a locale other than English. */
export interface ListTranslation {
  locale: string;
  name: string;
}

/** One list as the console reads it: id, English name, translations (by locale), players opted in. */
export interface NewsletterListDetail {
  id: number;
  name: string;
  translations: ListTranslation[];
  optIns: number;
}

/** Every list by id, with its translations and how many players opted in (three queries, whatever the count). */
export async function newsletterListDetails(
  db: Kysely<Database>,
  onlyId?: number,
): Promise<NewsletterListDetail[]> {
  let lists = db.selectFrom('newsletter_lists').select(['id', 'name']).orderBy('id');
  let translations = db
    .selectFrom('newsletter_list_translations')
    .select(['list_id', 'locale', 'name'])
    .orderBy('locale');
  let counts = db
    .selectFrom('user_newsletter_optins')
    // PostgreSQL answers a count as text (bigint), SQLite as a number.
    .select((eb) => ['list_id', eb.fn.countAll<string | number>().as('n')])
    .groupBy('list_id');
  if (onlyId !== undefined) {
    lists = lists.where('id', '=', onlyId);
    translations = translations.where('list_id', '=', onlyId);
    counts = counts.where('list_id', '=', onlyId);
  }
  // One after the other: `db` may be a transaction (one connection).
  const listRows = await lists.execute();
  const translationRows = await translations.execute();
  const countRows = await counts.execute();
  const optIns = new Map(countRows.map((r) => [r.list_id, Number(r.n)]));
  return listRows.map((list) => ({
    id: list.id,
    name: list.name,
    translations: translationRows
      .filter((t) => t.list_id === list.id)
      .map((t) => ({ locale: t.locale, name: t.name })),
    optIns: optIns.get(list.id) ?? 0,
  }));
}

/** Does a list other than `exceptId` have English name `name`? */
export async function newsletterListNameTaken(
  db: Kysely<Database>,
  name: string,
  exceptId: number | null,
): Promise<boolean> {
  let query = db.selectFrom('newsletter_lists').select('id').where('name', '=', name);
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** The translations of list `listId` become exactly `translations`. */
async function replaceTranslations(
  db: Kysely<Database>,
  listId: number,
  translations: readonly ListTranslation[],
): Promise<void> {
  await db.deleteFrom('newsletter_list_translations').where('list_id', '=', listId).execute();
  if (translations.length === 0) return;
  await db
    .insertInto('newsletter_list_translations')
    .values(translations.map((t) => ({ list_id: listId, locale: t.locale, name: t.name })))
    .execute();
}

/**
 * Creates a list (`id` null) or changes list `id`: its English name and translations.
 * @returns the list's id, or null when list `id` does not exist
 * @throws the store's unique violation when another list has the name (the caller checks first)
 */
export async function saveNewsletterList(
  db: Kysely<Database>,
  id: number | null,
  list: { name: string; translations: readonly ListTranslation[] },
): Promise<number | null> {
  let listId: number;
  if (id === null) {
    const row = await db
      .insertInto('newsletter_lists')
      .values({ name: list.name })
      .returning('id')
      .executeTakeFirstOrThrow();
    listId = row.id;
  } else {
    const result = await db
      .updateTable('newsletter_lists')
      .set({ name: list.name })
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return null;
    listId = id;
  }
  await replaceTranslations(db, listId, list.translations);
  return listId;
}

/**
 * Removes list `id` with its translations and its opt-ins (the foreign keys cascade too; this makes it
 * explicit, as the module's eraser does). Players for whom it was the last list lose their general
 * newsletter consent (`users.newsletter_optin`, which holds while they receive at least one list).
 * Run it in one transaction.
 * @returns how many opt-ins were removed, or null when list `id` does not exist
 */
export async function removeNewsletterList(db: Kysely<Database>, id: number): Promise<number | null> {
  const list = await db.selectFrom('newsletter_lists').select('id').where('id', '=', id).executeTakeFirst();
  if (!list) return null;
  await db
    .updateTable('users')
    .set({ newsletter_optin: 0, updated_at: isoNow() })
    .where('id', 'in', (eb) =>
      eb.selectFrom('user_newsletter_optins').select('user_id').where('list_id', '=', id),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('user_newsletter_optins as other')
            .select('other.id')
            .whereRef('other.user_id', '=', 'users.id')
            .where('other.list_id', '<>', id),
        ),
      ),
    )
    .execute();
  const optIns = await db.deleteFrom('user_newsletter_optins').where('list_id', '=', id).executeTakeFirst();
  await db.deleteFrom('newsletter_list_translations').where('list_id', '=', id).execute();
  await db.deleteFrom('newsletter_lists').where('id', '=', id).execute();
  return Number(optIns.numDeletedRows);
}
