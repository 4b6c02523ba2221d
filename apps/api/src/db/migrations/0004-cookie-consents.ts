/**
 * Migration 0004 (spec §4 Cookie consent "For logged-in users consent is stored on the server"; §7
 * cookie/user/{id}): `user_cookie_consents`, one row per player and cookie category they chose for
 * (`is_accepted` 0/1, `updated_at` ISO 8601 UTC). The pair (user_id, cookie_id) is the primary key,
 * so a choice is one row that later choices update. Rows go with their player or category (cascade),
 * and modules/cookies deletes them explicitly in the player-deletion transaction too.
 * Portable DDL only (runs on SQLite and PostgreSQL).
 */
import type { Kysely } from 'kysely';

/** Creates `user_cookie_consents` and its `user_cookie_consents_user` index. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_cookie_consents')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('cookie_id', 'integer', (c) =>
      c.notNull().references('cookie_categories.id').onDelete('cascade'),
    )
    .addColumn('is_accepted', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_cookie_consents_user_cookie', ['user_id', 'cookie_id'])
    .execute();
  await db.schema
    .createIndex('user_cookie_consents_user')
    .on('user_cookie_consents')
    .column('user_id')
    .execute();
}
