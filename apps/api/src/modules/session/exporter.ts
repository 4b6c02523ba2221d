/**
 * The session part of "Download my data" (issue 22 §8): the player's sessions — client, address, user
 * agent, times. Never the identity hash; refresh tokens (hashes and sealed successors only) are not
 * exported (modules/data-export/exporters.ts).
 */
import type { PlayerDataExporter } from '../../db/player-data.ts';
import { sessionsOfPlayer } from './store.ts';

export const playerDataExporter: PlayerDataExporter<'sessions'> = {
  module: 'session',
  tables: ['sessions'],
  async exportPlayerData(db, player) {
    const rows = await sessionsOfPlayer(db, player.id);
    return {
      sessions: rows.map((r) => ({
        clientId: r.client_id,
        ip: r.ip,
        userAgent: r.user_agent,
        createdAt: r.created_at,
        lastUsedAt: r.last_used_at,
        authTime: r.auth_time,
        expiresAt: r.expires_at,
        revokedAt: r.revoked_at,
      })),
    };
  },
};
