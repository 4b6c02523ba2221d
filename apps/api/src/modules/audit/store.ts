/**
 * The store of the audit trail (`audit_events`, DESIGN.md §5): one row per security-relevant action,
 * `user_id` the player involved (null when none), `detail` a JSON object without secrets, timestamps
 * ISO-8601 UTC text.
 */
import type { Kysely, Selectable } from 'kysely';
import type { AuditEventsTable, Database } from '../../db/schema.ts';

/** An event to record: player (internal users.id, or null), type, caller IP, JSON detail, ISO time. */
export interface NewAuditEvent {
  userId: number | null;
  type: string;
  ip: string | null;
  /** The detail, already serialised as JSON. */
  detail: string;
  createdAt: string;
}

/** Inserts one audit event through `db` (a transaction works too). */
export async function insertAuditEvent(db: Kysely<Database>, event: NewAuditEvent): Promise<void> {
  await db
    .insertInto('audit_events')
    .values({
      user_id: event.userId,
      type: event.type,
      ip: event.ip,
      detail: event.detail,
      created_at: event.createdAt,
    })
    .execute();
}

/** Deletes every event of player `userId` (internal users.id), for account deletion (spec §4). */
export async function deleteAuditEventsOfPlayer(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('audit_events').where('user_id', '=', userId).execute();
}

/**
 * Replaces `text` (a deleted player's public id) by `replacement` in the detail of every event that
 * mentions it (other players' events naming the deleted one; spec §4 Deletion).
 */
export async function replaceInAuditDetails(
  db: Kysely<Database>,
  text: string,
  replacement: string,
): Promise<void> {
  await db
    .updateTable('audit_events')
    .set((eb) => ({ detail: eb.fn<string>('replace', ['detail', eb.val(text), eb.val(replacement)]) }))
    .where('detail', 'like', `%${text}%`)
    .execute();
}

/** The events of player `userId` (issue 22 §8 export): type, address, detail JSON and time, oldest first. */
export function auditEventsOfPlayer(
  db: Kysely<Database>,
  userId: number,
): Promise<{ type: string; ip: string | null; detail: string | null; created_at: string }[]> {
  return db
    .selectFrom('audit_events')
    .select(['type', 'ip', 'detail', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Where a page of a player's events starts: strictly older than this event (time, then id). */
export interface EventPosition {
  createdAt: string;
  id: number;
}

/**
 * The events of player `userId` (internal users.id) of types `types` since `since` (ISO 8601 UTC,
 * inclusive), newest first (time, then id), strictly after `after` when given; at most `limit`.
 * Served by the index `audit_events_user_created` (user_id, created_at; migration 0021).
 */
export async function findEventsOfPlayer(
  db: Kysely<Database>,
  query: {
    userId: number;
    types: readonly string[];
    since: string;
    after?: EventPosition;
    limit: number;
  },
): Promise<Selectable<AuditEventsTable>[]> {
  let events = db
    .selectFrom('audit_events')
    .selectAll()
    .where('user_id', '=', query.userId)
    .where('type', 'in', query.types)
    .where('created_at', '>=', query.since);
  const after = query.after;
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
 * The addresses player `userId` (internal users.id) met events of type `type` from since `since` (ISO
 * 8601 UTC, inclusive), the most recent first, at most `limit` (issue 24 §2: the addresses of a player's
 * failed log-ins, whose throttle counters the console shows and lifts). Events without an address are
 * left out. Served by the index `audit_events_user_created` (user_id, created_at; migration 0021): the
 * player's events of the period, then grouped.
 */
export async function recentAddressesOfPlayer(
  db: Kysely<Database>,
  query: { userId: number; type: string; since: string; limit: number },
): Promise<string[]> {
  const rows = await db
    .selectFrom('audit_events')
    .select(({ fn }) => ['ip', fn.max('created_at').as('last_at')])
    .where('user_id', '=', query.userId)
    .where('created_at', '>=', query.since)
    .where('type', '=', query.type)
    .where('ip', 'is not', null)
    .groupBy('ip')
    .orderBy('last_at', 'desc')
    .orderBy('ip')
    .limit(query.limit)
    .execute();
  return rows.flatMap((row) => (row.ip === null ? [] : [row.ip]));
}
