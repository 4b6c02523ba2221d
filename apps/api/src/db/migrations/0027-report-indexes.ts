/**
 * Migration 0027 (issue 24 §3 and §4, the operator console's dashboard and reports; docs/operations.md
 * "Staff and the operator console"):
 * - `audit_events_type_created` on `audit_events (type, created_at)`: GET admin/dashboard counts the
 *   events of a few types per UTC day over up to 90 days with one grouped query, an index-only range
 *   scan per type, instead of reading the whole trail (0001's `audit_events_user` and 0021's
 *   `audit_events_user_created` lead with the player).
 * - `deletion_feedback_created` on `deletion_feedback (created_at, id)`: GET admin/deletion-reasons
 *   pages the free-text reasons newest first (keyset on time, then id).
 * Portable DDL only (runs on SQLite and PostgreSQL).
 */
import type { Kysely } from 'kysely';

/** Creates the two indexes. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('audit_events_type_created')
    .ifNotExists()
    .on('audit_events')
    .columns(['type', 'created_at'])
    .execute();
  await db.schema
    .createIndex('deletion_feedback_created')
    .ifNotExists()
    .on('deletion_feedback')
    .columns(['created_at', 'id'])
    .execute();
}
