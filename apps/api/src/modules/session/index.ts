/**
 * Public surface of the session module (spec §3 Token, §4 Session, Login; DESIGN.md §5): opening and
 * revoking sessions, minting and checking tokens, the signing key, re-authentication, the log-in
 * throttle's reset, and its part of account deletion. Its routes (routes.ts) are registered by app.ts
 * and are not re-exported here: they use plugins/auth.ts, which imports this module.
 */
import type { PlayerDataEraser } from '../../db/player-data.ts';
import { deleteSessionsOf } from './store.ts';

export {
  accessTokens,
  hasScope,
  PARTNER_SCOPE,
  PARTNER_SCOPES,
  PORTAL_SCOPE,
  type AccessClaims,
  type AccessTokens,
} from './access-tokens.ts';
export {
  authenticatePortalToken,
  authenticateToken,
  verifyAccessToken,
  type AuthInfo,
} from './authentication.ts';
export { forgetAccountFailures, type LoginThrottleSettings } from './login-throttle.ts';
export {
  hasRecentAuthentication,
  recordAuthentication,
  requireRecentAuthentication,
} from './reauthentication.ts';
export {
  createSession,
  portalPlayerOfIdentity,
  refreshTokens,
  revokeSessions,
  signOutEverywhere,
  type PortalPlayer,
  type RequestOrigin,
  type SessionOrigin,
  type SessionSelection,
} from './sessions.ts';
export {
  describeSigningKeys,
  loadIdTokenSigningKeys,
  loadSigningKey,
  rotateIdTokenSigningKey,
  rewrapSigningKeys,
  signingKeyContext,
  signingKeysByKek,
  type IdTokenKeyRotation,
  type IdTokenSigningKeys,
  type SigningKey,
  type SigningKeyDescription,
} from './signing-keys.ts';

/**
 * The session module's part of erasing a player (spec §4 Deletion; issue 20 §4): their sessions and
 * the sessions' refresh tokens.
 */
export const playerDataEraser: PlayerDataEraser = {
  module: 'session',
  tables: ['sessions', 'refresh_tokens'],
  async deletePlayerData(trx, player) {
    await deleteSessionsOf(trx, player.id);
  },
};
export { banPlayer, setPlayerBanned } from './player-bans.ts';
export { playerDataExporter } from './exporter.ts';
export {
  liftLoginThrottle,
  loginThrottleState,
  THROTTLE_ADDRESSES_MAX,
  type ThrottledPlayer,
} from './login-throttle.ts';
export { activeSessionsOfPlayer } from './account-sessions.ts';
