/**
 * Migration 0009 (spec §1 Single sign-on; §7 GET oauth; RFC 6749 §4.1): `oauth_codes`, the authorization
 * codes the hub issues to partner sites. A code is found by its SHA-256 (the code itself is never
 * stored), bound to the client, the player, the exact redirect URI and the PKCE challenge with its method
 * (RFC 7636; only `S256` is accepted); single use (`used_at`), short-lived (`expires_at`), and remembers
 * the session its redemption opened so that a replay can revoke it (RFC 6749 §4.1.2). Portable DDL
 * (SQLite and PostgreSQL).
 */
import type { Kysely } from 'kysely';

/** Creates `oauth_codes`. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('oauth_codes')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('code_challenge', 'text')
    .addColumn('code_challenge_method', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('session_id', 'text')
    .execute();
  await db.schema.createIndex('oauth_codes_expires').on('oauth_codes').column('expires_at').execute();
}
