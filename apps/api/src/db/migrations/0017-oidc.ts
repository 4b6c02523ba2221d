/**
 * Migration 0017 (issue 21 "the hub as a standard OpenID Provider"; modules/oidc): the store of
 * `oidc-provider` and the algorithm of each signing key.
 *
 * - `oidc_payloads`: every object the provider persists through its Adapter interface (sessions,
 *   interactions, grants, authorization codes, access and refresh tokens, …; OIDC Core §3.1, RFC 6749),
 *   one row per (`model`, `id_hash`). The provider's id of an opaque token is the token itself, so only
 *   its SHA-256 is kept (`id_hash`, like every other token of the store) and the payload is stored
 *   without its `jti`. The look-ups the adapter needs are indexed: `grant_id` (revocation by grant,
 *   RFC 7009 §2.1), `uid` (sessions and interactions by uid), `user_code` (device flow, unused but part
 *   of the interface), `account_id` (the player's public id, for account deletion) and `expires_at`
 *   (ISO 8601 UTC, null: no expiry; expired rows are never returned and are swept). `consumed_at` marks
 *   a used authorization code or rotated refresh token (RFC 6749 §4.1.2, RFC 9700 §4.14.2).
 * - `signing_keys.alg`: `EdDSA` (the existing Ed25519 key of the access tokens) or `RS256` (the OIDC Core
 *   §15.1 default ID-token algorithm, published beside it in the provider's JWKS); `activates_at` (null:
 *   since its creation) and `retires_at` (null: not planned), ISO 8601 UTC, the rotation of the RS256 key
 *   (`npm run signing-keys -- rotate`): a new key is published before it signs, the old one stays
 *   published until the tokens it signed have expired.
 *
 * Portable DDL only (runs on SQLite and PostgreSQL).
 */
import type { Kysely } from 'kysely';

/** Creates `oidc_payloads` with its indexes and adds `signing_keys.alg`, `activates_at` and `retires_at`. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('oidc_payloads')
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('id_hash', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('grant_id', 'text')
    .addColumn('uid', 'text')
    .addColumn('user_code', 'text')
    .addColumn('account_id', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('consumed_at', 'text')
    .addPrimaryKeyConstraint('oidc_payloads_pk', ['model', 'id_hash'])
    .execute();
  await db.schema.createIndex('oidc_payloads_grant').on('oidc_payloads').column('grant_id').execute();
  await db.schema.createIndex('oidc_payloads_uid').on('oidc_payloads').columns(['model', 'uid']).execute();
  await db.schema
    .createIndex('oidc_payloads_user_code')
    .on('oidc_payloads')
    .columns(['model', 'user_code'])
    .execute();
  await db.schema.createIndex('oidc_payloads_account').on('oidc_payloads').column('account_id').execute();
  await db.schema.createIndex('oidc_payloads_expires').on('oidc_payloads').column('expires_at').execute();
  await db.schema
    .alterTable('signing_keys')
    .addColumn('alg', 'text', (c) => c.notNull().defaultTo('EdDSA'))
    .execute();
  await db.schema.alterTable('signing_keys').addColumn('activates_at', 'text').execute();
  await db.schema.alterTable('signing_keys').addColumn('retires_at', 'text').execute();
}
