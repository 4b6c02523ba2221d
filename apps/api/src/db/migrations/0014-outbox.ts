/**
 * Migration 0014 (DESIGN.md §3 "outgoing mail: a transactional outbox table + a worker per node";
 * modules/outbound-mail/outbox.ts, docs/architecture.md "Outgoing mail"): `mail_outbox`, every e-mail the API
 * sends, written in the same transaction as the change that causes it and delivered over SMTP by a
 * worker in each node. Columns:
 *
 * - `message_id`: the RFC 5322 Message-ID the mail carries (`<uuid@domain>`), unique, so a copy sent
 *   twice (SMTP is at-least-once) is recognisable;
 * - `kind`: what the mail is (`register-verification`, `password-recovery`, …), `user_id`: the player
 *   it belongs to (removed with them: cascade, and modules/deletion deletes the rows explicitly too),
 *   `recipient`: the address;
 * - `content`: JSON of the action mail's words and link (modules/outbound-mail/templates.ts `ActionMailInput`),
 *   rendered by the worker; set to null once sent (the link in it is a single-use secret);
 * - `status`: `pending` → `sent`, or `dead` after OUTBOX_MAX_ATTEMPTS failed attempts; `attempts`,
 *   `next_attempt_at` (back-off), `claimed_until` (the lease of the node delivering it), `last_error`
 *   (for operators, without links); `created_at`, `sent_at` (ISO 8601 UTC, like every timestamp).
 *
 * The index on (status, next_attempt_at) serves the workers' claim, the one on user_id the deletion.
 * Portable DDL only (runs on SQLite and PostgreSQL).
 */
import type { Kysely } from 'kysely';
import { withId, type Dialect } from './columns.ts';

/** Creates `mail_outbox` and its indexes; `dialect` picks the auto-increment column type. */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('mail_outbox'), dialect)
    .addColumn('message_id', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('content', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('claimed_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema
    .createIndex('mail_outbox_due')
    .on('mail_outbox')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema.createIndex('mail_outbox_user').on('mail_outbox').column('user_id').execute();
}
