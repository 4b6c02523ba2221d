/**
 * The staff audit trail (issue 24: "every staff action writes an audit event with the staff member, the
 * target and the change, visible in the console"; docs/operations.md "Staff and the operator
 * console"). Kept in `staff_audit_events`, apart from the players' own `audit_events`: an event names
 * two players (the staff member and the one concerned), is read by staff in GET admin/audit, and never
 * shows in a player's Recent activity or export. Erasing a player cuts them out of it
 * (store: forgetPlayerInStaffAudit) and keeps the event. The detail holds what changed — never an id
 * (the players are columns, so erasure reaches them) nor a secret.
 */
import type { Kysely } from 'kysely';
import type { StaffAuditType } from '@guildgate/contracts';
import type { Database } from '../../db/schema.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursors.ts';
import { isoNow } from '../../lib/time.ts';
import {
  findLatestStaffAuditEvent,
  findStaffAuditEvents,
  insertStaffAuditEvent,
  type StaffAuditFilter,
  type StaffAuditRow,
} from './staff-audit-store.ts';

export type { StaffAuditFilter, StaffAuditRow } from './staff-audit-store.ts';

/** Who acted: a staff member (internal users.id) through the console, or the operator command. */
export type StaffActorRef = { kind: 'staff'; userId: number } | { kind: 'operator' };

/** One field a staff action changed (`role`: from → to; null for none). */
export interface StaffFieldChange {
  field: string;
  from: string | null;
  to: string | null;
}

/** Facts of a staff action that are no change of a field (scalar values by name). */
export type StaffActionDetails = Record<string, string | number | boolean | null>;

/** A staff action to record. */
export interface StaffAction {
  type: StaffAuditType;
  actor: StaffActorRef;
  /**
   * The player concerned (internal users.id); null when the action concerns no one player (a platform
   * setting, which `subject` or its changes name; an export).
   */
  targetUserId: number | null;
  /** The setting concerned when no player is (`client:<client_id>`, `redirect_pattern:<id>`; issue 24 §3). */
  subject?: string;
  changes: readonly StaffFieldChange[];
  /** The reason staff gave (issue 24 §2 support actions), kept in the detail; absent or null: none. */
  reason?: string | null;
  /** What the action did besides changes (e.g. `{ rows: 120 }` of an export): never an id nor a secret. */
  details?: StaffActionDetails;
  /** The request's address; null for the operator command. */
  ip: string | null;
}

/** Records `action` through `db` (pass the transaction of the change it describes). */
export async function auditStaffAction(db: Kysely<Database>, action: StaffAction): Promise<void> {
  await insertStaffAuditEvent(db, {
    type: action.type,
    actorKind: action.actor.kind,
    actorUserId: action.actor.kind === 'staff' ? action.actor.userId : null,
    targetUserId: action.targetUserId,
    detail: JSON.stringify({
      changes: action.changes,
      ...(action.reason ? { reason: action.reason } : {}),
      ...(action.details ? { details: action.details } : {}),
      ...(action.subject === undefined ? {} : { subject: action.subject }),
    }),
    ip: action.ip,
    createdAt: isoNow(),
  });
}

/** The changes recorded in an event's detail (an unreadable or foreign detail: none). */
export function changesOf(row: Pick<StaffAuditRow, 'detail'>): StaffFieldChange[] {
  try {
    const parsed = JSON.parse(row.detail) as { changes?: unknown };
    if (!Array.isArray(parsed.changes)) return [];
    return parsed.changes.flatMap((change: unknown) => {
      const { field, from, to } = (change ?? {}) as Record<string, unknown>;
      const text = (value: unknown) => (typeof value === 'string' ? value : null);
      return typeof field === 'string' ? [{ field, from: text(from), to: text(to) }] : [];
    });
  } catch {
    return [];
  }
}

/** The reason recorded in an event's detail (none, or an unreadable detail: null). */
export function reasonOf(row: Pick<StaffAuditRow, 'detail'>): string | null {
  try {
    const { reason } = JSON.parse(row.detail) as { reason?: unknown };
    return typeof reason === 'string' ? reason : null;
  } catch {
    return null;
  }
}

/** The setting an event's detail names (`client:<client_id>`, …), or null when it names none. */
export function subjectOf(row: Pick<StaffAuditRow, 'detail'>): string | null {
  try {
    const { subject } = JSON.parse(row.detail) as { subject?: unknown };
    return typeof subject === 'string' ? subject : null;
  } catch {
    return null;
  }
}

/** The details recorded in an event's detail ({@link StaffAction.details}; none, or unreadable: {}). */
export function detailsOf(row: Pick<StaffAuditRow, 'detail'>): StaffActionDetails {
  try {
    const parsed = JSON.parse(row.detail) as { details?: unknown };
    if (!parsed.details || typeof parsed.details !== 'object' || Array.isArray(parsed.details)) return {};
    return Object.fromEntries(
      Object.entries(parsed.details as Record<string, unknown>).filter(
        (entry): entry is [string, string | number | boolean | null] =>
          entry[1] === null || ['string', 'number', 'boolean'].includes(typeof entry[1]),
      ),
    );
  } catch {
    return {};
  }
}

/**
 * A page of the staff audit trail matching `filter`, newest first.
 * @param query `limit` (the caller bounds it) and the previous page's `cursor`
 * @returns the rows and the next page's cursor (null on the last page)
 * @throws 400 ERROR_CURSOR_INVALID on `cursor` when it is not one this call gave
 */
export async function staffAuditPage(
  db: Kysely<Database>,
  filter: StaffAuditFilter,
  query: { limit: number; cursor?: string | undefined },
): Promise<{ rows: StaffAuditRow[]; nextCursor: string | null }> {
  const rows = await findStaffAuditEvents(db, {
    ...filter,
    ...(query.cursor === undefined ? {} : { after: decodeCursor(query.cursor) }),
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    rows: page,
    nextCursor:
      rows.length > query.limit && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
  };
}

/**
 * What the newest staff action of type `type` about player `targetUserId` (internal users.id) recorded
 * for `field` (compared case-insensitively; e.g. the `reason` of the latest `staff.player_banned`): its
 * value after the action, or null when there is no such event or it recorded no such field (issue 24 §2,
 * the player's page).
 */
export async function latestStaffChange(
  db: Kysely<Database>,
  targetUserId: number,
  type: StaffAuditType,
  field: string,
): Promise<string | null> {
  const row = await findLatestStaffAuditEvent(db, targetUserId, type);
  if (!row) return null;
  const wanted = field.toLowerCase();
  return changesOf(row).find((change) => change.field.toLowerCase() === wanted)?.to ?? null;
}
