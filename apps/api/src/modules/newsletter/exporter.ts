/** The newsletter part of "Download my data" (issue 22 §8): the lists the player receives. */
import type { PlayerDataExporter } from '../../db/player-data.ts';
import { optInsOfPlayer } from './store.ts';

export const playerDataExporter: PlayerDataExporter<'newsletterOptIns'> = {
  module: 'newsletter',
  tables: ['user_newsletter_optins'],
  async exportPlayerData(db, player) {
    const rows = await optInsOfPlayer(db, player.id);
    return { newsletterOptIns: rows.map((r) => ({ list: r.name, optedInAt: r.created_at })) };
  },
};
