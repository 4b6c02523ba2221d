/** The cookies part of "Download my data" (issue 22 §8): the player's choice per category. */
import type { PlayerDataExporter } from '../../db/player-data.ts';
import { cookieConsentsOfPlayer } from './store.ts';

export const playerDataExporter: PlayerDataExporter<'cookieConsents'> = {
  module: 'cookies',
  tables: ['user_cookie_consents'],
  async exportPlayerData(db, player) {
    const rows = await cookieConsentsOfPlayer(db, player.id);
    return {
      cookieConsents: rows.map((r) => ({
        category: r.name,
        accepted: r.is_accepted === 1,
        updatedAt: r.updated_at,
      })),
    };
  },
};
