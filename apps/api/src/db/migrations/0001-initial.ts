/**
 * Migration 0001: the tables of the first journey (users, e-mail links, sessions, refresh tokens,
 * signing keys) and the reference data later features read (redirect patterns, clients, cookie
 * categories, newsletter lists, deletion types, connection providers, connections, blocks, audit).
 * Portable DDL only (runs on SQLite and PostgreSQL).
 */
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';

function autoId(dialect: Dialect) {
  return dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
}

/** Creates the schema. `dialect` picks the auto-increment column type. */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const idType = autoId(dialect);
  const id = (col: ColumnDefinitionBuilder): ColumnDefinitionBuilder =>
    dialect === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement();

  await db.schema
    .createTable('users')
    .addColumn('id', idType, id)
    .addColumn('id_user', 'text', (c) => c.notNull().unique())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('username_normalized', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_normalized', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('firstname', 'text', (c) => c.notNull())
    .addColumn('lastname', 'text')
    .addColumn('date_of_birth', 'text')
    .addColumn('avatar_url', 'text', (c) => c.notNull())
    .addColumn('titles', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('auth_type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('auth_partner', 'text')
    .addColumn('steam_check', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_cookie_popup_seen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('newsletter_optin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('referrer_user_id', 'integer')
    .addColumn('studio_name', 'text')
    .addColumn('client_id', 'text')
    .addColumn('email_confirmed_at', 'text')
    .addColumn('banned_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('email_tokens')
    .addColumn('id', idType, id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('payload', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('email_tokens_user')
    .on('email_tokens')
    .columns(['user_id', 'purpose'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('identity_hash', 'text', (c) => c.notNull().unique())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('access_expires_at', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', idType, id)
    .addColumn('session_id', 'text', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('refresh_tokens_session').on('refresh_tokens').column('session_id').execute();

  await db.schema
    .createTable('signing_keys')
    .addColumn('kid', 'text', (c) => c.primaryKey())
    .addColumn('private_jwk', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('redirect_patterns')
    .addColumn('id', idType, id)
    .addColumn('pattern', 'text', (c) => c.notNull().unique())
    .execute();

  await db.schema
    .createTable('oauth_clients')
    .addColumn('client_id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('redirect_uris', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('cookie_categories')
    .addColumn('id', idType, id)
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('is_active', 'integer', (c) => c.notNull())
    .addColumn('is_optional', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('newsletter_lists')
    .addColumn('id', idType, id)
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .execute();

  await db.schema
    .createTable('deletion_types')
    .addColumn('id', idType, id)
    .addColumn('description', 'text', (c) => c.notNull().unique())
    .addColumn('is_other', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('connection_providers')
    .addColumn('id', idType, id)
    .addColumn('canonical_name', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('icon', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('user_connections')
    .addColumn('id', idType, id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider_id', 'integer', (c) => c.notNull().references('connection_providers.id'))
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('connect_name', 'text')
    .addColumn('avatar', 'text')
    .addColumn('last_check', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('user_connections_provider_account', ['provider_id', 'account_id'])
    .addUniqueConstraint('user_connections_user_provider', ['user_id', 'provider_id'])
    .execute();

  await db.schema
    .createTable('blocks')
    .addColumn('id', idType, id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('blocked_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('blocks_pair', ['user_id', 'blocked_user_id'])
    .execute();

  await db.schema
    .createTable('audit_events')
    .addColumn('id', idType, id)
    .addColumn('user_id', 'integer')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('detail', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_events_user').on('audit_events').column('user_id').execute();
}
