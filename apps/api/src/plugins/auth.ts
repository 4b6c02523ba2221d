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
import { secretMatcher } from '../lib/crypto.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { authenticatePortalToken, type AuthInfo } from '../modules/session/index.ts';

// The token checks live with the sessions (modules/session/authentication.ts); re-exported for the
// routes that import them from here.
export { authenticatePortalToken, authenticateToken, type AuthInfo } from '../modules/session/index.ts';

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
  return m ? m[1] : null;
}

/** onRequest hook: refuses a missing or unknown `x-api-key` with 401 ERROR_API_KEY_INVALID. */
export function apiKeyHook(ctx: AppContext) {
  const isApiKey = secretMatcher(ctx.config.apiKeys);
  return async (request: FastifyRequest) => {
    const key = request.headers['x-api-key'];
    if (typeof key !== 'string' || !isApiKey(key)) {
      throw unauthorized('ERROR_API_KEY_INVALID');
    }
  };
}

/**
 * onRequest hook for anonymous calls: the anonymous bearer, or a player's portal token.
 * @throws 401 ERROR_UNAUTHORIZED without a bearer; 401 ERROR_TOKEN_INVALID for any other token
 */
export function anonymousAuth(ctx: AppContext) {
  const isAnonymousBearer = secretMatcher([ctx.config.anonymousBearer]);
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const bearer = bearerOf(request);
    if (bearer === null) throw unauthorized();
    if (isAnonymousBearer(bearer)) return;
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
