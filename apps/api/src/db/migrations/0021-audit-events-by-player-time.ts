/**
 * Migration 0021 (issue 22 §7 "Recent activity"): the index `audit_events_user_created` on
 * `audit_events (user_id, created_at)`, so GET account/activity reads a player's events of the last 90
 * days newest first from the index rather than every event of the player (0001's `audit_events_user`
 * has `user_id` alone). `audit_events_user` stays: the account eraser deletes by `user_id`.
 *
 * Portable DDL only (runs on SQLite and PostgreSQL).
 */
import type { Kysely } from 'kysely';

/** Creates `audit_events_user_created`. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('audit_events_user_created')
    .ifNotExists()
    .on('audit_events')
    .columns(['user_id', 'created_at'])
    .execute();
}
