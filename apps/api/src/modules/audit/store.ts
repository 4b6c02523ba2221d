/**
 * The store of the audit trail (`audit_events`, DESIGN.md §5): one row per security-relevant action,
 * `user_id` the player involved (null when none), `detail` a JSON object without secrets, timestamps
 * ISO-8601 UTC text.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
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

/** The UTC day (`YYYY-MM-DD`) of an ISO 8601 UTC `created_at`, the same text on SQLite and PostgreSQL. */
const DAY_OF_CREATED_AT = sql<string>`substr(created_at, 1, 10)`;

/** A number the store counted (PostgreSQL answers `count(*)` as a bigint string). */
function counted(value: string | number | bigint): number {
  return Number(value);
}

/**
 * How many events of each of `types` happened on each UTC day since `since` (ISO 8601 UTC, inclusive):
 * one grouped query served by the index `audit_events_type_created` (type, created_at; migration 0027)
 * alone — an index-only range scan per type (the issue 24 §4 dashboard).
 * @returns one row per type and day that has events (days without any are absent), `day` `YYYY-MM-DD`
 */
export async function countEventsPerDay(
  db: Kysely<Database>,
  query: { types: readonly string[]; since: string },
): Promise<{ type: string; day: string; count: number }[]> {
  if (query.types.length === 0) return [];
  const rows = await db
    .selectFrom('audit_events')
    .select((eb) => ['type', DAY_OF_CREATED_AT.as('day'), eb.fn.countAll<string | number>().as('count')])
    .where('type', 'in', query.types)
    .where('created_at', '>=', query.since)
    .groupBy(['type', DAY_OF_CREATED_AT])
    .execute();
  return rows.map((row) => ({ type: row.type, day: row.day, count: counted(row.count) }));
}

/**
 * How many accounts were linked (`connection.linked` events) to each of `providers` on each UTC day
 * since `since` (ISO 8601 UTC, inclusive), the provider read from the event's detail (`"provider":"…"`,
 * linking/connections.ts): one grouped query, the index `audit_events_type_created` finding the rows.
 * @param providers the providers' canonical names (contracts `LINK_PROVIDERS`), fixed strings of ours
 * @returns one row per provider and day that has links, `day` `YYYY-MM-DD`
 */
export async function countLinksPerDay(
  db: Kysely<Database>,
  query: { providers: readonly string[]; since: string },
): Promise<{ provider: string; day: string; count: number }[]> {
  if (query.providers.length === 0) return [];
  // Literal patterns (our own constants), so that the grouped expression is the selected one on PostgreSQL.
  const provider = sql<string | null>`case ${sql.join(
    query.providers.map(
      (name) =>
        sql`when detail like ${sql.lit(`%"provider":${JSON.stringify(name)}%`)} then ${sql.lit(name)}`,
    ),
    sql` `,
  )} end`;
  const rows = await db
    .selectFrom('audit_events')
    .select((eb) => [
      provider.as('provider'),
      DAY_OF_CREATED_AT.as('day'),
      eb.fn.countAll<string | number>().as('count'),
    ])
    .where('type', '=', 'connection.linked')
    .where('created_at', '>=', query.since)
    .groupBy([provider, DAY_OF_CREATED_AT])
    .execute();
  return rows.flatMap((row) =>
    row.provider === null ? [] : [{ provider: row.provider, day: row.day, count: counted(row.count) }],
  );
}

/**
 * The addresses player `userId` (internal users.id) met events of one of `types` from since `since` (ISO
 * 8601 UTC, inclusive), the most recent first, at most `limit` (issue 24 §2: the addresses of a player's
 * failed log-ins, whose throttle counters the console shows and lifts). Events without an address are
 * left out. Served by the index `audit_events_user_created` (user_id, created_at; migration 0021): the
 * player's events of the period, then grouped.
 */
export async function recentAddressesOfPlayer(
  db: Kysely<Database>,
  query: { userId: number; types: readonly string[]; since: string; limit: number },
): Promise<string[]> {
  const rows = await db
    .selectFrom('audit_events')
    .select(({ fn }) => ['ip', fn.max('created_at').as('last_at')])
    .where('user_id', '=', query.userId)
    .where('created_at', '>=', query.since)
    .where('type', 'in', query.types)
    .where('ip', 'is not', null)
    .groupBy('ip')
    .orderBy('last_at', 'desc')
    .orderBy('ip')
    .limit(query.limit)
    .execute();
  return rows.flatMap((row) => (row.ip === null ? [] : [row.ip]));
}
