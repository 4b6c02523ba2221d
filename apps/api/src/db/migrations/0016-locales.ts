/**
 * Migration 0016 (issue 19 §7 "French, completely"; contracts `locale.ts`; docs/architecture.md
 * "Languages"): the player's saved language and the translations of the reference data.
 *
 * - `users.locale`: 'en' | 'fr', or null when never known. Set at registration from the request's
 *   `Accept-Language` and by POST profile/user/{userId}/update-locale; e-mails use it first.
 * - `cookie_category_translations`, `newsletter_list_translations`, `deletion_type_translations`: one
 *   row per reference row and locale other than English, whose texts stay in the reference tables
 *   themselves (the spec's names, e.g. 'Analytical cookies'). A missing translation answers English.
 *   Rows go with their reference row (cascade). The shipped French texts are written by `db/seed.ts`
 *   at every start, like the reference rows they translate (which do not exist yet on a new store when
 *   this runs).
 *
 * Portable DDL only (runs on SQLite and PostgreSQL).
 */
import type { Kysely } from 'kysely';

/** Adds `users.locale` and creates the three translation tables. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('locale', 'text').execute();

  await db.schema
    .createTable('cookie_category_translations')
    .addColumn('cookie_id', 'integer', (c) =>
      c.notNull().references('cookie_categories.id').onDelete('cascade'),
    )
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('cookie_category_translations_pk', ['cookie_id', 'locale'])
    .execute();

  await db.schema
    .createTable('newsletter_list_translations')
    .addColumn('list_id', 'integer', (c) => c.notNull().references('newsletter_lists.id').onDelete('cascade'))
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('newsletter_list_translations_pk', ['list_id', 'locale'])
    .execute();

  await db.schema
    .createTable('deletion_type_translations')
    .addColumn('deletion_type_id', 'integer', (c) =>
      c.notNull().references('deletion_types.id').onDelete('cascade'),
    )
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('deletion_type_translations_pk', ['deletion_type_id', 'locale'])
    .execute();
}
