/**
 * Migration 0023 (issue 22 §1, §2, §4; docs/security.md "Second factor"):
 * - `second_factors`: a player's authenticator app (kind `totp`): its RFC 6238 secret sealed with the
 *   node's key ring (lib/envelope-encryption.ts, context `second_factors:<user id>`), `confirmed_at`
 *   (null while the enrolment is pending), `last_used_step` (the last accepted 30-second step: a code
 *   is never accepted twice). One per player and kind.
 * - `recovery_codes`: the player's single-use recovery codes, as SHA-256 digests, `used_at` once used.
 * - `second_factor_tickets`: the log-in's pending second step — the SHA-256 of the ticket the password
 *   step answered, the player, its expiry (5 minutes), wrong codes so far, `used_at`.
 * Portable DDL only (runs on SQLite and PostgreSQL).
 */
import type { Kysely } from 'kysely';
import { withId, type Dialect } from './columns.ts';

/** Creates the three tables. */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('second_factors')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'text')
    .addColumn('last_used_step', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('second_factors_pk', ['user_id', 'kind'])
    .execute();
  await withId(db.schema.createTable('recovery_codes'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('recovery_codes_user').on('recovery_codes').column('user_id').execute();
  await db.schema
    .createTable('second_factor_tickets')
    .addColumn('ticket_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('second_factor_tickets_user')
    .on('second_factor_tickets')
    .column('user_id')
    .execute();
}
