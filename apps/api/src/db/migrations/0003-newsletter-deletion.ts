/**
 * Migration 0003 (account area, spec §2 Newsletter, Deletion request): `user_newsletter_optins`, the
 * lists each player receives (removed with the player), and `deletion_feedback`, the reason given when
 * an account was deleted, kept without any link to the player (spec §4 Deletion; docs/account-data.md).
 * Portable DDL only (runs on SQLite and PostgreSQL).
 */
import type { Kysely } from 'kysely';
import { withId, type Dialect } from './columns.ts';

/** Creates both tables; `dialect` picks the auto-increment column type. */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('user_newsletter_optins'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('list_id', 'integer', (c) => c.notNull().references('newsletter_lists.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('user_newsletter_optins_pair', ['user_id', 'list_id'])
    .execute();

  await withId(db.schema.createTable('deletion_feedback'), dialect)
    .addColumn('deletion_type_id', 'integer', (c) => c.references('deletion_types.id'))
    .addColumn('reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
