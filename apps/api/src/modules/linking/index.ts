/**
 * Public surface of the linking module (spec §4 Linking a provider; §7 Linking): its routes, its part
 * of account deletion (the player's connections and pending links), and who holds a provider account
 * (the operator console's search).
 */
import type { Kysely } from 'kysely';
import type { LinkProvider } from '@guildgate/contracts';
import type { PlayerDataEraser } from '../../db/player-data.ts';
import type { Database } from '../../db/schema.ts';
import { deleteTokensOf } from '../single-use-tokens/index.ts';
import { deleteConnectionsOf, findConnectionHolder, findProviderId, linkStateKind } from './store.ts';

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

/**
 * The player (internal users.id) who linked the `provider` account `accountId` (e.g. a SteamID), or
 * undefined (issue 24 §2, the operator console's search). Served by the unique index
 * `user_connections_provider_account` (provider_id, account_id).
 */
export async function holderOfProviderAccount(
  db: Kysely<Database>,
  provider: LinkProvider,
  accountId: string,
): Promise<number | undefined> {
  return (await findConnectionHolder(db, await findProviderId(db, provider), accountId))?.user_id;
}
