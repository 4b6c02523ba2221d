/**
 * The OpenID Provider's part of "Download my data" (issue 22 §8): the connected sites (client, name,
 * scopes, dates) the player's grants in `oidc_payloads` give — never a token, code or its id hash.
 */
import type { PlayerDataExporter } from '../../db/player-data.ts';
import { connectedSitesOf } from './connected-sites.ts';

export const playerDataExporter: PlayerDataExporter<'connectedSites'> = {
  module: 'oidc',
  tables: ['oidc_payloads'],
  async exportPlayerData(db, player) {
    const sites = await connectedSitesOf({ db }, player.idUser);
    return {
      connectedSites: sites.map((s) => ({
        clientId: s.ClientId,
        name: s.Name,
        scopes: s.Scopes,
        grantedAt: s.GrantedAt,
        lastUsedAt: s.LastUsedAt,
      })),
    };
  },
};
