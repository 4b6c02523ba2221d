/**
 * Migration 0008 (spec §1 single sign-on; §4 Register "Partner registration flow"; §7 partner calls):
 * - `users.sso_id`: the player's id at their partner studio's sign-on (OIDC `sub`, the spec's SSO id),
 *   unique per partner (`users.auth_partner`);
 * - `partner_sign_ons`: one partner sign-on per row, found by the SHA-256 of the `state` handle the
 *   partner's provider round-trips. It carries the PKCE `code_verifier`, the OIDC `nonce` and the client;
 *   after the callback, for a new player, the verified identity waiting for
 *   'Confirm username' (`identity_json`); after registration, the SHA-256 of the single-use log-in ticket
 *   (`ticket_hash`). Every step is single use and short-lived. Portable DDL (SQLite and PostgreSQL).
 */
import type { Kysely } from 'kysely';

/** Adds `users.sso_id` and creates `partner_sign_ons`. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('sso_id', 'text').execute();
  await db.schema
    .createIndex('users_partner_sso_id')
    .on('users')
    .columns(['auth_partner', 'sso_id'])
    .unique()
    .execute();
  await db.schema
    .createTable('partner_sign_ons')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('partner', 'text', (c) => c.notNull())
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text')
    .addColumn('identity_json', 'text')
    .addColumn('ticket_hash', 'text', (c) => c.unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('callback_at', 'text')
    .addColumn('registered_at', 'text')
    .addColumn('ticket_used_at', 'text')
    .execute();
  await db.schema
    .createIndex('partner_sign_ons_expires')
    .on('partner_sign_ons')
    .column('expires_at')
    .execute();
}
