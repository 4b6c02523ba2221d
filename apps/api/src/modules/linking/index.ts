/**
 * Public surface of the linking module (spec §4 Linking a provider; §7 Linking): its routes, and its part
 * of account deletion (the player's connections and pending links).
 */
import type { PlayerDataEraser } from '../../db/player-data.ts';
import { deleteTokensOf } from '../single-use-tokens/index.ts';
import { deleteConnectionsOf, linkStateKind } from './store.ts';

export { linkingRoutes } from './routes.ts';

/**
 * The linking module's part of erasing a player (spec §4 Deletion; issue 20 §4): their provider
 * connections and their pending links.
 */
export const playerDataEraser: PlayerDataEraser = {
  module: 'linking',
  tables: ['user_connections', 'link_states'],
  async deletePlayerData(trx, player) {
    await deleteConnectionsOf(trx, player.id);
    await deleteTokensOf(trx, linkStateKind(), player.id);
  },
};
export { playerDataExporter } from './exporter.ts';
