/**
 * Migration 0025 (issue 24, the operator console; docs/operations.md "Staff and the operator console"):
 * - `staff_roles`: the players who are staff — one row per player (`user_id`, the primary key), their
 *   `role` (`admin` | `support` | `viewer`, checked), who granted it (`granted_by`: `operator command`,
 *   or the granting staff member's public Id_User; `[deleted]` once that player is erased) and when
 *   (`granted_at`, the last grant or change). Goes with the player (cascade, and the staff eraser).
 * - `staff_audit_events`: the console's audit trail, owned by the audit module — one row per staff
 *   action: `type` (`staff.role_granted` …), who did it (`actor_kind` `staff` | `operator`, checked;
 *   `actor_user_id` the staff member), the player it concerns (`target_user_id`), `detail` (JSON: what
 *   changed, never an id or a secret), the request's `ip` and `created_at`. The player references are
 *   set to null when that player is erased (the audit eraser; `on delete set null` behind it), so the
 *   trail of what staff did outlives the accounts involved. Apart from `audit_events`, whose `user_id`
 *   is the one player an event is about (their Recent activity, their export, erased with them).
 *   Indexes serve GET admin/audit: all events, by actor, by target, newest first.
 * Portable DDL only (runs on SQLite and PostgreSQL).
 */
import { sql, type Kysely } from 'kysely';
import { withId, type Dialect } from './columns.ts';

/** Creates the two tables and their indexes. */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('staff_roles')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('granted_by', 'text', (c) => c.notNull())
    .addColumn('granted_at', 'text', (c) => c.notNull())
    .addCheckConstraint('staff_roles_role', sql`role in ('admin', 'support', 'viewer')`)
    .execute();
  await db.schema
    .createIndex('staff_roles_granted')
    .on('staff_roles')
    .columns(['granted_at', 'user_id'])
    .execute();

  await withId(db.schema.createTable('staff_audit_events'), dialect)
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('actor_kind', 'text', (c) => c.notNull())
    .addColumn('actor_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('target_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('ip', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('staff_audit_events_actor_kind', sql`actor_kind in ('staff', 'operator')`)
    .execute();
  await db.schema
    .createIndex('staff_audit_events_created')
    .on('staff_audit_events')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('staff_audit_events_actor')
    .on('staff_audit_events')
    .columns(['actor_user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('staff_audit_events_target')
    .on('staff_audit_events')
    .columns(['target_user_id', 'created_at'])
    .execute();
}
