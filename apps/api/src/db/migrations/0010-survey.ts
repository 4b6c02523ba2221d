/**
 * Migration 0010 (spec §2 Survey; §3 Survey answers; §7 POST survey/qualification): `survey_responses`,
 * the player's latest answers to the profiling survey (one row per player, replaced by a later
 * submission; `answers` is the JSON of the normalized answers, `steam_id` and `username` what the player
 * was at submission), and `user_badges`, the badges a player earned (the Profiler Badge of the survey),
 * one row per player and badge, so a badge is awarded once even to simultaneous submissions. Both go
 * with their player (cascade), and modules/deletion deletes them explicitly in the player-deletion
 * transaction too. Portable DDL only (runs on SQLite and PostgreSQL).
 */
import type { Kysely } from 'kysely';

/** Creates `survey_responses` and `user_badges`. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('survey_responses')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('steam_id', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('answers', 'text', (c) => c.notNull())
    .addColumn('submitted_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('user_badges')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('badge', 'text', (c) => c.notNull())
    .addColumn('awarded_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_badges_user_badge', ['user_id', 'badge'])
    .execute();
}
