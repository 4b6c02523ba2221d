/** The access-key part of "Download my data" (issue 22 §8): when the player used a key, never the key. */
import type { PlayerDataExporter } from '../../db/player-data.ts';
import { accessKeyUseOf } from './store.ts';

export const playerDataExporter: PlayerDataExporter<'accessKey'> = {
  module: 'access-key',
  tables: ['access_keys'],
  async exportPlayerData(db, player) {
    const row = await accessKeyUseOf(db, player.id);
    return { accessKey: row ? { usedAt: row.used_at } : null };
  },
};
