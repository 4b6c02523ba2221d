/**
 * Migration 0007 (spec §4 Linking a provider; §7 Linking): `link_states`, one pending provider link per
 * row, bound to the player and the session that started it. The row is found by the SHA-256 of the
 * `state` handle the provider round-trips (OAuth 2.0 `state`, or the handle in Steam's `return_to`); it
 * carries the PKCE `code_verifier` and OIDC `nonce`, the partner site's redirect, and — for flows where
 * the provider comes back to the API (the alternative redeemer, the Steam partner variant) — the
 * verified account waiting for the SPA to complete the link. Single use (`used_at`), short-lived
 * (`expires_at`). Portable DDL only (runs on SQLite and PostgreSQL).
 */
import type { Kysely } from 'kysely';

/** Creates `link_states`. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('link_states')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text')
    .addColumn('nonce', 'text')
    .addColumn('redirect_url', 'text')
    .addColumn('account_json', 'text')
    .addColumn('error_code', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('link_states_user').on('link_states').column('user_id').execute();
}
