/**
 * The store of newsletters (spec §3 Newsletter opt-in): the reference data `newsletter_lists` and
 * `newsletter_list_translations` (migration 0016), the players' opt-ins `user_newsletter_optins` (one
 * row per player and list, `created_at` ISO-8601), and the general consent `users.newsletter_optin`.
 */
import type { Locale } from '@guildgate/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Every list ordered by id, with its name in `locale` (null without a translation) and the player's opt-in id (null when off). */
export function newsletterListRows(
  db: Kysely<Database>,
  userId: number,
  locale: Locale,
): Promise<{ id: number; name: string; translated_name: string | null; optin: number | null }[]> {
  return db
    .selectFrom('newsletter_lists as l')
    .leftJoin('user_newsletter_optins as o', (join) =>
      join.onRef('o.list_id', '=', 'l.id').on('o.user_id', '=', userId),
    )
    .leftJoin('newsletter_list_translations as t', (join) =>
      join.onRef('t.list_id', '=', 'l.id').on('t.locale', '=', locale),
    )
    .select(['l.id', 'l.name', 't.name as translated_name', 'o.id as optin'])
    .orderBy('l.id')
    .execute();
}

/** List `listId`'s English name and its name in `locale` (null without a translation). */
export function newsletterListName(
  db: Kysely<Database>,
  listId: number,
  locale: Locale,
): Promise<{ name: string; translated_name: string | null }> {
  return db
    .selectFrom('newsletter_lists as l')
    .leftJoin('newsletter_list_translations as t', (join) =>
      join.onRef('t.list_id', '=', 'l.id').on('t.locale', '=', locale),
    )
    .select(['l.name', 't.name as translated_name'])
    .where('l.id', '=', listId)
    .executeTakeFirstOrThrow();
}

/** The list `id`, or undefined. */
export function findNewsletterList(
  db: Kysely<Database>,
  id: number,
): Promise<Selectable<Database['newsletter_lists']> | undefined> {
  return db.selectFrom('newsletter_lists').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The ids of every list (in the store's order). */
export async function newsletterListIds(db: Kysely<Database>): Promise<number[]> {
  const rows = await db.selectFrom('newsletter_lists').select('id').execute();
  return rows.map((r) => r.id);
}

/** How many lists player `userId` is on. */
export async function countOptIns(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('user_newsletter_optins')
    // PostgreSQL answers a count as text (bigint), SQLite as a number.
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Is player `userId` on list `listId`? */
export async function hasOptIn(db: Kysely<Database>, userId: number, listId: number): Promise<boolean> {
  const row = await db
    .selectFrom('user_newsletter_optins')
    .select('id')
    .where('user_id', '=', userId)
    .where('list_id', '=', listId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Puts player `userId` on list `listId` at `createdAt` (ISO) unless already there.
 * @returns true when this call added the row
 */
export async function insertOptIn(
  db: Kysely<Database>,
  userId: number,
  listId: number,
  createdAt: string,
): Promise<boolean> {
  const result = await db
    .insertInto('user_newsletter_optins')
    .values({ user_id: userId, list_id: listId, created_at: createdAt })
    .onConflict((oc) => oc.columns(['user_id', 'list_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Takes player `userId` off list `listId`, or off every list when `listId` is null.
 * @returns the number of rows deleted
 */
export async function deleteOptIns(
  db: Kysely<Database>,
  userId: number,
  listId: number | null,
): Promise<number> {
  let query = db.deleteFrom('user_newsletter_optins').where('user_id', '=', userId);
  if (listId !== null) query = query.where('list_id', '=', listId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The lists player `userId` receives (issue 22 §8 export): English name and opt-in time, by list id. */
export function optInsOfPlayer(
  db: Kysely<Database>,
  userId: number,
): Promise<{ name: string; created_at: string }[]> {
  return db
    .selectFrom('user_newsletter_optins as o')
    .innerJoin('newsletter_lists as l', 'l.id', 'o.list_id')
    .select(['l.name', 'o.created_at'])
    .where('o.user_id', '=', userId)
    .orderBy('l.id')
    .execute();
}
