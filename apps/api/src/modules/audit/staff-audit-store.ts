/**
 * The store of the staff audit trail (`staff_audit_events`, migration 0025; issue 24): one row per
 * action taken through the operator console or the operator command — type, who (`actor_kind`,
 * `actor_user_id`), the player concerned (`target_user_id`), `detail` (JSON of what changed, never an
 * id or a secret), the request's address, ISO 8601 UTC time.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, StaffAuditEventsTable } from '../../db/schema.ts';

/** A staff audit row as read. */
export type StaffAuditRow = Selectable<StaffAuditEventsTable>;

/** An event to record (internal users.id for the players; detail already serialised as JSON). */
export interface NewStaffAuditEvent {
  type: string;
  actorKind: 'staff' | 'operator';
  actorUserId: number | null;
  targetUserId: number | null;
  detail: string;
  ip: string | null;
  createdAt: string;
}

/** Inserts one staff audit event through `db` (a transaction works too). */
export async function insertStaffAuditEvent(db: Kysely<Database>, event: NewStaffAuditEvent): Promise<void> {
  await db
    .insertInto('staff_audit_events')
    .values({
      type: event.type,
      actor_kind: event.actorKind,
      actor_user_id: event.actorUserId,
      target_user_id: event.targetUserId,
      detail: event.detail,
      ip: event.ip,
      created_at: event.createdAt,
    })
    .execute();
}

/** Where a page of events starts: strictly older than this event (time, then id). */
export interface StaffAuditPosition {
  createdAt: string;
  id: number;
}

/** Which events to read: all, or one actor's (a staff member, or the operator), and/or one target's. */
export interface StaffAuditFilter {
  /** A staff member (internal users.id), or `operator` for the operator command's events. */
  actor?: number | 'operator';
  /** The player concerned (internal users.id). */
  targetUserId?: number;
}

/**
 * The staff audit events matching `filter`, newest first (time, then id), strictly after `after` when
 * given; at most `limit`. Served by the indexes of migration 0025 (by time, by actor, by target).
 */
export function findStaffAuditEvents(
  db: Kysely<Database>,
  query: StaffAuditFilter & { after?: StaffAuditPosition; limit: number },
): Promise<StaffAuditRow[]> {
  let events = db.selectFrom('staff_audit_events').selectAll();
  const { actor, targetUserId, after } = query;
  if (actor === 'operator') events = events.where('actor_kind', '=', 'operator');
  else if (actor !== undefined) events = events.where('actor_user_id', '=', actor);
  if (targetUserId !== undefined) events = events.where('target_user_id', '=', targetUserId);
  if (after) {
    events = events.where((eb) =>
      eb.or([
        eb('created_at', '<', after.createdAt),
        eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)]),
      ]),
    );
  }
  return events.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(query.limit).execute();
}

/**
 * Cuts player `userId` (internal users.id) out of the staff audit trail (account deletion, spec §4):
 * the events they did or that concern them stay, naming no one in their place.
 */
export async function forgetPlayerInStaffAudit(db: Kysely<Database>, userId: number): Promise<void> {
  await db
    .updateTable('staff_audit_events')
    .set({ actor_user_id: null })
    .where('actor_user_id', '=', userId)
    .execute();
  await db
    .updateTable('staff_audit_events')
    .set({ target_user_id: null })
    .where('target_user_id', '=', userId)
    .execute();
}

/**
 * How many staff audit events of each of `types` happened on each UTC day since `since` (ISO 8601 UTC,
 * inclusive): one grouped query, the index `staff_audit_events_created` (created_at, id; migration 0025)
 * finding the days' rows (the trail holds staff actions only: a few per day).
 * @returns one row per type and day that has events, `day` `YYYY-MM-DD`
 */
export async function countStaffEventsPerDay(
  db: Kysely<Database>,
  query: { types: readonly string[]; since: string },
): Promise<{ type: string; day: string; count: number }[]> {
  if (query.types.length === 0) return [];
  const day = sql<string>`substr(created_at, 1, 10)`;
  const rows = await db
    .selectFrom('staff_audit_events')
    .select((eb) => ['type', day.as('day'), eb.fn.countAll<string | number>().as('count')])
    .where('type', 'in', query.types)
    .where('created_at', '>=', query.since)
    .groupBy(['type', day])
    .execute();
  return rows.map((row) => ({ type: row.type, day: row.day, count: Number(row.count) }));
}

/**
 * The newest staff audit event of type `type` about player `targetUserId` (internal users.id), or
 * undefined. Served by the index `staff_audit_events_target` (target_user_id, created_at).
 */
export function findLatestStaffAuditEvent(
  db: Kysely<Database>,
  targetUserId: number,
  type: string,
): Promise<StaffAuditRow | undefined> {
  return db
    .selectFrom('staff_audit_events')
    .selectAll()
    .where('target_user_id', '=', targetUserId)
    .where('type', '=', type)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
