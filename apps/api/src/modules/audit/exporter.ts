/** The audit part of "Download my data" (issue 22 §8): the player's own events as `securityEvents`. */
import type { PlayerDataExporter } from '../../db/player-data.ts';
import { auditEventsOfPlayer } from './store.ts';

export const playerDataExporter: PlayerDataExporter<'securityEvents'> = {
  module: 'audit',
  tables: ['audit_events'],
  async exportPlayerData(db, player) {
    const rows = await auditEventsOfPlayer(db, player.id);
    return {
      securityEvents: rows.map((row) => ({
        type: row.type,
        ip: row.ip,
        // Detail never holds a secret (service.ts); it is the event's JSON object.
        detail: row.detail === null ? null : (JSON.parse(row.detail) as unknown),
        at: row.created_at,
      })),
    };
  },
};
