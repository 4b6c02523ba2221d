/**
 * The linking part of "Download my data" (issue 22 §8): the player's provider connections. Pending
 * links (`link_states`) are not exported: modules/data-export/exporters.ts says why.
 */
import type { PlayerDataExporter } from '../../db/player-data.ts';
import { connectionsOfPlayer } from './store.ts';

export const playerDataExporter: PlayerDataExporter<'connections'> = {
  module: 'linking',
  tables: ['user_connections'],
  async exportPlayerData(db, player) {
    const rows = await connectionsOfPlayer(db, player.id);
    return {
      connections: rows.map((r) => ({
        provider: r.canonical_name,
        accountId: r.account_id,
        connectName: r.connect_name,
        avatar: r.avatar,
        lastCheck: r.last_check,
        connectedAt: r.created_at,
      })),
    };
  },
};
