/**
 * Audit trail (DESIGN.md §5: every security-relevant action writes an event). Detail is JSON and
 * must never contain a secret (password, token, link). On account deletion (spec §4 Deletion) the
 * player's own events go and other events' detail naming the player is scrubbed ({@link playerDataEraser}).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { PlayerDataEraser } from '../../db/player-data.ts';
import { isoNow } from '../../lib/time.ts';
import { deleteAuditEventsOfPlayer, insertAuditEvent, replaceInAuditDetails } from './store.ts';
import { forgetPlayerInStaffAudit } from './staff-audit-store.ts';

/** What replaces a deleted player's public id in other events' detail. */
export const DELETED_PLAYER_MARK = '[deleted]';

/**
 * Records `type` for `userId` (null when no account is involved).
 * @param ctx anything holding the store (a transaction works too)
 */
export async function audit(
  ctx: { db: Kysely<Database> },
  userId: number | null,
  type: string,
  ip: string | null,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await insertAuditEvent(ctx.db, { userId, type, ip, detail: JSON.stringify(detail), createdAt: isoNow() });
}

/**
 * The audit part of account deletion (issue 20 §4): deletes the player's own events and replaces their
 * public id by {@link DELETED_PLAYER_MARK} in the detail of every other event; in the staff audit trail
 * (issue 24, staff-audit.ts) the events they did or that concern them stay, naming no one in their place.
 */
export const playerDataEraser: PlayerDataEraser = {
  module: 'audit',
  tables: ['audit_events', 'staff_audit_events'],
  async deletePlayerData(trx, player) {
    await deleteAuditEventsOfPlayer(trx, player.id);
    await replaceInAuditDetails(trx, player.idUser, DELETED_PLAYER_MARK);
    await forgetPlayerInStaffAudit(trx, player.id);
  },
};
