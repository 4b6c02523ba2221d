/**
 * Who holds an access token (DESIGN.md §5; spec §3 Token, §7 GET token/verify): a token is good while
 * its signature, issuer, expiry and audience check out (access-tokens.ts) and its session is active, of
 * that client, and its player exists and is not banned. The bearer guards of plugins/auth.ts and the
 * token/verify call both ask here, through the node's verified-token cache (verified-tokens.ts: a
 * token seen before answers without a signature check or a query until it is revoked).
 */
import type { TokenVerifyQuery, TokenVerifyResponse } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../lib/errors.ts';
import { isoNow } from '../../lib/time.ts';
import { hasScope, PORTAL_SCOPE } from './access-tokens.ts';
import { findActiveSessionWithPlayer } from './store.ts';
import type { VerifiedToken } from './verified-tokens.ts';

/** The authenticated player of a user call (or the holder of a token token/verify checked). */
export interface AuthInfo {
  /** Internal users.id. */
  userId: number;
  /** Public Id_User (the token's sub). */
  idUser: string;
  sessionId: string;
  clientId: string;
  /** The access token's scope (space-separated). */
  scope: string;
  /** When the player last proved their password on this session (ISO 8601), or null. */
  authTime: string | null;
  /** The access token's expiry, seconds since the epoch. */
  expiresAt: number;
}

/**
 * Verifies an access token for `audience` and that its session is active, of that client, and its
 * user exists and is not banned — or finds it in the node's verified-token cache.
 * @param audience the client the token must be for (its `aud`)
 * @returns the caller (a frozen object: never change it), or null when the token or session is not valid
 */
export function authenticateToken(
  ctx: AppContext,
  jwt: string,
  audience: string,
): Promise<VerifiedToken | null> {
  return ctx.verifiedTokens.remember(jwt, audience, async () => {
    const claims = await ctx.accessTokens.verify(jwt, audience);
    if (!claims) return null;
    const row = await findActiveSessionWithPlayer(ctx.db, claims.sid, isoNow());
    if (!row || row.id_user !== claims.sub || row.banned_at || row.client_id !== claims.aud) return null;
    return {
      userId: row.user_id,
      idUser: row.id_user,
      sessionId: row.id,
      clientId: row.client_id,
      scope: claims.scope,
      authTime: row.auth_time,
      expiresAt: claims.exp,
      username: row.username,
      sessionExpiresAtMs: Date.parse(row.expires_at),
    };
  });
}

/**
 * Verifies a player's portal token: audience the portal's client and scope {@link PORTAL_SCOPE}.
 * @returns the player, or null for anything else (a partner client's token included)
 */
export async function authenticatePortalToken(ctx: AppContext, jwt: string): Promise<VerifiedToken | null> {
  const auth = await authenticateToken(ctx, jwt, ctx.config.portalClientId);
  return auth && hasScope(auth.scope, PORTAL_SCOPE) ? auth : null;
}

/**
 * GET token/verify: who holds `accessToken`, a token of client `clientId`.
 * @param authenticatedClientId the client that authenticated the call with HTTP Basic, or null
 * @returns ExpiresIn (seconds left), Id_User and Username
 * @throws 400 ERROR_TOKEN_INVALID when a parameter is missing, the call authenticated as another client,
 *   or the token, its session or its player is not valid
 */
export async function verifyAccessToken(
  ctx: AppContext,
  query: TokenVerifyQuery,
  authenticatedClientId: string | null,
): Promise<TokenVerifyResponse> {
  const { client_id, access_token } = query;
  if (!client_id || !access_token) throw badRequest('ERROR_TOKEN_INVALID');
  if (authenticatedClientId !== null && authenticatedClientId !== client_id) {
    throw badRequest('ERROR_TOKEN_INVALID');
  }
  const auth = await authenticateToken(ctx, access_token, client_id);
  if (!auth) throw badRequest('ERROR_TOKEN_INVALID');
  return {
    ExpiresIn: Math.max(0, auth.expiresAt - Math.floor(Date.now() / 1000)),
    Id_User: auth.idUser,
    Username: auth.username,
  };
}
