/**
 * Who is calling (DESIGN.md §4, §5; spec §6): every /api call must carry a known `x-api-key`; anonymous
 * calls carry `Authorization: Bearer <anonymous bearer>` (a player's portal token is accepted too); user
 * calls carry a valid access token whose session is still active. Failures answer 401.
 *
 * The one bearer guard of the player calls: only the portal's own tokens pass it — `aud` the portal's
 * client (`PORTAL_CLIENT_ID`) and scope `account` (RFC 9068 §4, RFC 8707). A token the hub minted for a
 * partner client is refused here on every route, as the bearer of anonymous calls too (so GET oauth
 * never issues a code on it); it serves that partner at token/verify and token/refresh only
 * (docs/security.md "Token audiences").
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { safeEqual } from '../lib/crypto.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { isoNow } from '../lib/time.ts';
import { PORTAL_SCOPE, hasScope } from '../modules/session/access-tokens.ts';

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

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthInfo | null;
  }
}

function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  // The scheme is case-insensitive (RFC 7235 §2.1).
  const m = /^Bearer ([\x21-\x7e]{1,4096})$/i.exec(header);
  return m ? m[1]! : null;
}

/** onRequest hook: refuses a missing or unknown `x-api-key` with 401 ERROR_API_KEY_INVALID. */
export function apiKeyHook(ctx: AppContext) {
  return async (request: FastifyRequest) => {
    const key = request.headers['x-api-key'];
    if (typeof key !== 'string' || !ctx.config.apiKeys.some((k) => safeEqual(k, key))) {
      throw unauthorized('ERROR_API_KEY_INVALID');
    }
  };
}

/**
 * Verifies an access token for `audience` and that its session is active, of that client, and its
 * user exists and is not banned.
 * @param audience the client the token must be for (its `aud`)
 * @returns the caller, or null when the token or session is not valid
 */
export async function authenticateToken(
  ctx: AppContext,
  jwt: string,
  audience: string,
): Promise<AuthInfo | null> {
  const claims = await ctx.accessTokens.verify(jwt, audience);
  if (!claims) return null;
  const row = await ctx.db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id',
      'sessions.user_id',
      'sessions.client_id',
      'sessions.auth_time',
      'users.id_user',
      'users.banned_at',
    ])
    .where('sessions.id', '=', claims.sid)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', isoNow())
    .executeTakeFirst();
  if (!row || row.id_user !== claims.sub || row.banned_at || row.client_id !== claims.aud) return null;
  return {
    userId: row.user_id,
    idUser: row.id_user,
    sessionId: row.id,
    clientId: row.client_id,
    scope: claims.scope,
    authTime: row.auth_time,
    expiresAt: claims.exp,
  };
}

/**
 * Verifies a player's portal token: audience the portal's client and scope {@link PORTAL_SCOPE}.
 * @returns the player, or null for anything else (a partner client's token included)
 */
export async function authenticatePortalToken(ctx: AppContext, jwt: string): Promise<AuthInfo | null> {
  const auth = await authenticateToken(ctx, jwt, ctx.config.portalClientId);
  return auth && hasScope(auth.scope, PORTAL_SCOPE) ? auth : null;
}

/**
 * onRequest hook for anonymous calls: the anonymous bearer, or a player's portal token.
 * @throws 401 ERROR_UNAUTHORIZED without a bearer; 401 ERROR_TOKEN_INVALID for any other token
 */
export function anonymousAuth(ctx: AppContext) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const bearer = bearerOf(request);
    if (bearer === null) throw unauthorized();
    if (safeEqual(bearer, ctx.config.anonymousBearer)) return;
    const auth = await authenticatePortalToken(ctx, bearer);
    if (!auth) throw unauthorized('ERROR_TOKEN_INVALID');
    request.auth = auth;
  };
}

/**
 * onRequest hook for user calls: a player's portal token with an active session.
 * @throws 401 ERROR_UNAUTHORIZED without a bearer; 401 ERROR_TOKEN_INVALID for any other token
 */
export function userAuth(ctx: AppContext) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const bearer = bearerOf(request);
    if (bearer === null) throw unauthorized();
    const auth = await authenticatePortalToken(ctx, bearer);
    if (!auth) throw unauthorized('ERROR_TOKEN_INVALID');
    request.auth = auth;
  };
}

/** The caller of a user call; throws 403 when `idUser` (the path's id) is someone else. */
export function requireSelf(request: FastifyRequest, idUser?: string): AuthInfo {
  const auth = request.auth;
  if (!auth) throw unauthorized();
  if (idUser !== undefined && idUser !== auth.idUser) throw forbidden();
  return auth;
}
