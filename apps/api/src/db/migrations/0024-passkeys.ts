/**
 * Migration 0024 (issue 22 §3; docs/security.md "Passkeys"):
 * - `passkeys`: a player's WebAuthn credentials — our public id, the credential id (base64url, unique),
 *   the COSE public key (base64url), the signature counter (WebAuthn §6.1.1), transports, the name the
 *   player gave it, whether it is backed up (synced; BS flag), when added and last used.
 * - `webauthn_challenges`: the challenges the API handed out (WebAuthn §13.4.3), as SHA-256 digests:
 *   their purpose (`registration` or `authentication`), the player (registration, second step) or none
 *   (a passwordless log-in), the second step's ticket digest, expiry (5 minutes) and `used_at`: each is
 *   consumed once, so a replayed response is refused.
 * Portable DDL only (runs on SQLite and PostgreSQL).
 */
import type { Kysely } from 'kysely';

/** Creates the two tables. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('passkeys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('credential_id', 'text', (c) => c.notNull().unique())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('sign_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('transports', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('backed_up', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('passkeys_user').on('passkeys').column('user_id').execute();
  await db.schema
    .createTable('webauthn_challenges')
    .addColumn('challenge_hash', 'text', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('ticket_hash', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('webauthn_challenges_user')
    .on('webauthn_challenges')
    .column('user_id')
    .execute();
}
