/**
 * "Recent activity" (issue 22 §7): the player's own security events of the last
 * {@link ACTIVITY_WINDOW_DAYS} days from the audit trail, behind the `securityActivity` flag.
 *
 * - Only the types of {@link ACTIVITY_TYPES} (contracts), each of which the SPA labels; the others (cookie
 *   choices, newsletter, operator actions, …) are not security events of the player.
 * - Only events whose `user_id` is the caller: another player's events are never read.
 * - The detail is never sent as stored: each event is mapped to a small safe shape (time, IP, the device of
 *   a recorded `userAgent`, and the site or client concerned), so a detail field added later cannot leak.
 * - Pages: newest first by (time, id), keyset pagination with an opaque cursor (base64url of the last
 *   event's time and id), `limit` at most {@link ACTIVITY_PAGE}.max.
 */
import {
  ACTIVITY_PAGE,
  ACTIVITY_TYPES,
  ACTIVITY_WINDOW_DAYS,
  type ActivityEvent,
  type ActivityResponse,
  type ActivityType,
} from '@guildgate/contracts';
import type { Selectable } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { AuditEventsTable } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { DAY_MS } from '../../lib/time.ts';
import { describeDevice } from '../../lib/user-agents.ts';
import { findEventsOfPlayer, type EventPosition } from './store.ts';

/** Is `type` one of the player's security events? */
function isActivityType(type: string): type is ActivityType {
  return (ACTIVITY_TYPES as readonly string[]).includes(type);
}

/** The cursor of the page after `event`. */
function cursorOf(event: Pick<Selectable<AuditEventsTable>, 'created_at' | 'id'>): string {
  return Buffer.from(`${event.created_at}|${String(event.id)}`).toString('base64url');
}

/**
 * The position a cursor of {@link cursorOf} names.
 * @throws 400 ERROR_ACTIVITY_CURSOR_INVALID on `cursor` when it is not one
 */
function positionOf(cursor: string): EventPosition {
  const [createdAt = '', id = ''] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const position = { createdAt, id: Number(id) };
  if (!Number.isSafeInteger(position.id) || Number.isNaN(Date.parse(position.createdAt))) {
    throw badRequest('ERROR_ACTIVITY_CURSOR_INVALID', 'cursor');
  }
  return position;
}

/** A string field of an event's JSON detail, or null (absent, not a string, unreadable detail). */
function detailField(detail: Record<string, unknown>, name: string): string | null {
  const value = detail[name];
  return typeof value === 'string' && value !== '' ? value : null;
}

/** The site or client an event of `type` concerns, from its detail: never the portal's own client. */
function clientOf(type: ActivityType, detail: Record<string, unknown>): string | null {
  if (type === 'oidc.code_issued' || type === 'connected-site.removed')
    return detailField(detail, 'clientId');
  if (type === 'partner.signed_in') return detailField(detail, 'partner');
  if (type === 'connection.linked' || type === 'connection.unlinked') return detailField(detail, 'provider');
  return null;
}

/** The safe shape of one stored event (see the module comment). */
function toActivityEvent(row: Selectable<AuditEventsTable>, type: ActivityType): ActivityEvent {
  let detail: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(row.detail ?? '{}');
    if (parsed && typeof parsed === 'object') detail = parsed as Record<string, unknown>;
  } catch {
    // An unreadable detail shows the event without its device or client.
  }
  const agent = detailField(detail, 'userAgent');
  return {
    // Before `login.second_factor_failed` existed, a wrong second-step code was a `login.failed` marked so.
    Type: type === 'login.failed' && detail.secondFactor === true ? 'login.second_factor_failed' : type,
    At: row.created_at,
    Ip: row.ip,
    Device: agent === null ? null : describeDevice(agent),
    Client: clientOf(type, detail),
  };
}

/**
 * GET account/activity: a page of player `userId`'s security events of the last 90 days.
 * @param query `limit` (1…50, default 20) and the previous page's `cursor`
 * @returns the events newest first and the next page's cursor (null on the last page)
 * @throws 404 ERROR_NOT_FOUND when the `securityActivity` flag is off
 * @throws 400 ERROR_ACTIVITY_CURSOR_INVALID on `cursor` when it is not one this call gave
 */
export async function recentActivity(
  ctx: Pick<AppContext, 'config' | 'db'>,
  userId: number,
  query: { limit: number; cursor?: string | undefined },
): Promise<ActivityResponse> {
  if (!ctx.config.features.securityActivity) throw notFound();
  const limit = Math.min(query.limit, ACTIVITY_PAGE.max);
  const rows = await findEventsOfPlayer(ctx.db, {
    userId,
    types: ACTIVITY_TYPES,
    since: new Date(Date.now() - ACTIVITY_WINDOW_DAYS * DAY_MS).toISOString(),
    ...(query.cursor === undefined ? {} : { after: positionOf(query.cursor) }),
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const events = page.flatMap((row) => (isActivityType(row.type) ? [toActivityEvent(row, row.type)] : []));
  const last = page.at(-1);
  return { Events: events, NextCursor: rows.length > limit && last ? cursorOf(last) : null };
}
