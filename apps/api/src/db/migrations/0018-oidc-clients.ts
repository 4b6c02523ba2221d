/**
 * Migration 0018 (issue 21 "the hub as a standard OpenID Provider", client registration; modules/sso
 * owns the table, modules/oidc reads it): what a registered OpenID client needs beyond its id, name,
 * redirect URIs and secret hash (OpenID Connect Dynamic Client Registration 1.0 §2 metadata, registered
 * by the operator with `npm run clients`):
 *
 * - `post_logout_redirect_uris`: JSON array of the URIs RP-initiated log-out may return to (OpenID Connect
 *   RP-Initiated Logout 1.0 §3.1); `[]` for every existing client;
 * - `backchannel_logout_uri`: where the provider POSTs the signed `logout_token` when the player's
 *   session ends (OpenID Connect Back-Channel Logout 1.0 §2.2); null: none;
 * - `first_party`: 1 for the hub's own sites (no consent page), 0 for a third party's; the portal and
 *   every existing client are first-party;
 * - `token_endpoint_auth_method`: `client_secret_basic` or `client_secret_post` for a confidential
 *   client (RFC 6749 §2.3.1), `none` for a public one (RFC 6749 §2.1; PKCE does the rest, RFC 7636).
 *   Existing clients with a secret hash become `client_secret_basic` (what the provider gave them until
 *   now), the others `none`; the column's default is `none`, the method of a client stored without a
 *   secret;
 * - `grant_types`: JSON array of the grants the client may use (`authorization_code`, with or without
 *   `refresh_token`; RFC 6749 §4.1, §6); both for every existing client.
 *
 * Portable DDL only (runs on SQLite and PostgreSQL).
 */
import { sql, type Kysely } from 'kysely';

/** The grants of every client registered before this migration. */
const EXISTING_GRANTS = JSON.stringify(['authorization_code', 'refresh_token']);

/** Adds the five columns to `oauth_clients` and sets the method of the clients that have a secret. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('oauth_clients')
    .addColumn('post_logout_redirect_uris', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema.alterTable('oauth_clients').addColumn('backchannel_logout_uri', 'text').execute();
  await db.schema
    .alterTable('oauth_clients')
    .addColumn('first_party', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('oauth_clients')
    .addColumn('token_endpoint_auth_method', 'text', (c) => c.notNull().defaultTo('none'))
    .execute();
  await db.schema
    .alterTable('oauth_clients')
    .addColumn('grant_types', 'text', (c) => c.notNull().defaultTo(EXISTING_GRANTS))
    .execute();
  await sql`update oauth_clients set token_endpoint_auth_method = 'client_secret_basic' where client_secret_hash is not null`.execute(
    db,
  );
}
