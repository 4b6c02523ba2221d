/**
 * Migration 0015 (issue 18 §7; docs/security.md "Sessions"): `sessions.last_used_at`, when the session
 * last got tokens (log-in, GET token/{identity}, GET token/refresh, the hub's code exchange), ISO 8601
 * UTC. A session unused for SESSION_IDLE_DAYS ends before its 30-day lifetime (spec §9). Existing
 * sessions take their last token's time (access expiry, else creation). Portable DDL.
 */
import { sql, type Kysely } from 'kysely';

/** Adds and fills `sessions.last_used_at`, indexed for the idle sweep of the sessions page to come. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('last_used_at', 'text').execute();
  await sql`update sessions set last_used_at = coalesce(access_expires_at, created_at)`.execute(db);
}
