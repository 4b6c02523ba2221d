/**
 * Migration 0020 (issue 21 §2, the spec's calls as adapters over the OpenID Provider): drops
 * `oauth_codes`, the hand-written authorization endpoint's codes (migration 0009). GET oauth now sends
 * the browser to the provider, whose codes live in `oidc_payloads` (migration 0017) like its other
 * objects; a code issued before the upgrade (at most 10 minutes old) can no longer be exchanged, and the
 * partner site starts its sign-in again.
 *
 * Portable DDL only (runs on SQLite and PostgreSQL).
 */
import type { Kysely } from 'kysely';

/** Drops `oauth_codes` (and its index). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('oauth_codes').ifExists().execute();
}
