/**
 * Public surface of the sso module (spec §1 Single sign-on; RFC 6749): the registered OAuth clients
 * (resolving a requested client, reading a client's credentials for plugins/client-auth.ts, issuing a
 * client secret, the operator's registry of `npm run clients`) and its part of account deletion. Its routes (routes.ts) are registered by app.ts and
 * are not re-exported here: they use plugins/client-auth.ts, which imports this module.
 */
import type { PlayerDataEraser } from '../../db/player-data.ts';
import { deleteTokensOf } from '../single-use-tokens/index.ts';
import { AUTHORIZATION_CODE_KIND } from './store.ts';

export {
  clientCredentialsOf,
  clientIdWithSecret,
  isFirstPartyClient,
  issueClientSecret,
  registeredClient,
  resolveClientId,
  TOKEN_ENDPOINT_AUTH_METHODS,
  type RegisteredClient,
  type TokenEndpointAuthMethod,
} from './clients.ts';
export {
  ClientRegistrationError,
  listClients,
  registerClient,
  removeClient,
  rotateClientSecret,
  updateClient,
  type ClientChanges,
  type ClientRegistration,
} from './client-registry.ts';

/**
 * The sso module's part of erasing a player (spec §4 Deletion; issue 20 §4): the authorization codes
 * issued to them (`oauth_codes.user_id`; the sessions their exchanges opened are the session module's).
 */
export const playerDataEraser: PlayerDataEraser = {
  module: 'sso',
  tables: ['oauth_codes'],
  async deletePlayerData(trx, player) {
    await deleteTokensOf(trx, AUTHORIZATION_CODE_KIND, player.id);
  },
};
