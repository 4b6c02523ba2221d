/**
 * The blocks part of "Download my data" (issue 22 §8): the players this one blocked (public id,
 * username, time) and how many blocked them — who did is the blockers' data (GDPR art. 15(4)).
 */
import type { PlayerDataExporter } from '../../db/player-data.ts';
import { blocksByPlayer, countBlocksOfPlayerBy } from './store.ts';

export const playerDataExporter: PlayerDataExporter<'blocks'> = {
  module: 'blocks',
  tables: ['blocks'],
  async exportPlayerData(db, player) {
    const blocked = await blocksByPlayer(db, player.id);
    return {
      blocks: {
        blocked: blocked.map((b) => ({ idUser: b.id_user, username: b.username, blockedAt: b.created_at })),
        blockedByCount: await countBlocksOfPlayerBy(db, player.id),
      },
    };
  },
};
