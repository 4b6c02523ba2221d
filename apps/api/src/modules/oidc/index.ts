/**
 * Public surface of the oidc module (issue 21): the hub as a standard OpenID Provider — `oidc-provider`
 * on our store, keys, clients and players (OpenID Connect Core 1.0, Discovery 1.0, RFC 6749, RFC 7636,
 * RFC 7662, RFC 7009, RP-Initiated and Back-Channel Logout 1.0), whose engine (engine.ts) the spec's own
 * calls (sso module) use in-process (in-process.ts). `oidcRoutes` mounts it (app.ts);
 * `connectedSitesRoutes` are the account area's calls on the player's grants (issue 21 §4); it ends a
 * player's provider sessions when their portal sessions end (`ctx.signOuts`;
 * `endProviderSessionsOnSignOutInCommand` in an operator command); `isFirstParty` says whether a client
 * skips consent; `deletePayloadsOfClient` is its part of removing a client (`npm run clients -- remove`);
 * `playerDataEraser` is its part of account deletion.
 */
import type { PlayerDataEraser } from '../../db/player-data.ts';
import { deletePayloadsOfAccount } from './store.ts';

export { deletePayloadsOfClient } from './store.ts';

export { oidcRoutes } from './routes.ts';
export { connectedSitesRoutes } from './connected-sites-routes.ts';
export { authorizationEndpointOf, issuerOf, SPEC_CALL_PARAMETER } from './issuer.ts';
export { startOidcEngine, type OidcEngine } from './engine.ts';
export {
  findAccessToken,
  findClientAccessToken,
  requestTokens,
  type IssuedAccessToken,
  type TokenEndpointAnswer,
  type TokenRequestOrigin,
} from './in-process.ts';
export { isFirstParty } from './clients.ts';
export { endProviderSessionsOnSignOutInCommand } from './backchannel.ts';

/**
 * The oidc module's part of erasing a player (spec §4 Deletion; issue 20 §4): the provider's objects
 * of their account — provider sessions, grants, codes, access and refresh tokens (`oidc_payloads` by
 * `account_id`, their public id).
 */
export const playerDataEraser: PlayerDataEraser = {
  module: 'oidc',
  tables: ['oidc_payloads'],
  async deletePlayerData(trx, player) {
    await deletePayloadsOfAccount(trx, player.idUser);
  },
};
export { playerDataExporter } from './exporter.ts';
