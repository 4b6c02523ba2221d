/**
 * Migration 0028 (issue 24 §3, the operator console's partner clients; docs/operations.md "Staff and the
 * operator console"): `oauth_clients.updated_at`, when a client was last changed — an update or a secret
 * rotation, by the operator command or in the console — ISO 8601 UTC, or null when it never was. The
 * console lists it beside `created_at`. Portable DDL.
 */
import type { Kysely } from 'kysely';

/** Adds `oauth_clients.updated_at`. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('oauth_clients').addColumn('updated_at', 'text').execute();
}
