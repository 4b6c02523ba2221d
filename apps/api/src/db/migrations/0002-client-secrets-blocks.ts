/**
 * Migration 0002 (partner server-to-server calls, docs/partner-api.md): a partner site authenticates
 * with its OAuth client credentials (RFC 6749 §2.3.1), so `oauth_clients` gains the SHA-256 of the
 * client secret (null: the client cannot call server to server, e.g. the portal itself); and
 * `blocks` gains an index on the blocked player, used when a player is deleted (cascade) and when
 * looking up who blocked someone. Portable DDL only (runs on SQLite and PostgreSQL).
 */
import type { Kysely } from 'kysely';

/** Adds `oauth_clients.client_secret_hash` and the `blocks_blocked_user` index. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('oauth_clients').addColumn('client_secret_hash', 'text').execute();
  await db.schema.createIndex('blocks_blocked_user').on('blocks').column('blocked_user_id').execute();
}
