/**
 * The spec's token calls of a partner client as thin adapters over the hub's OpenID Provider (issue 21
 * §2; spec §1 Single sign-on, §7 token/refresh and token/verify; RFC 6749 §4.1.3, §5, §6):
 * - POST oauth/token ({@link handleAccessTokenRequest}): the code exchange, sent to the provider's token
 *   endpoint (oidc/in-process.ts) and answered in the call's own shape — RFC 6749 §5.1 plus the player's
 *   `Id_User`, no ID token (the call's partners never asked for one; OpenID Connect clients use the
 *   provider's own endpoint), refusals with RFC 6749 §5.2 `error` and the spec's §8 `ErrorMessages`;
 * - GET token/refresh of a partner client ({@link refreshClientTokens}): the provider's refresh grant
 *   (its rotation and reuse detection; RFC 9700 §4.14.2), answered as the spec's AccessToken;
 * - GET token/verify and GET oauth/profile of a partner client ({@link clientTokenHolder}): the
 *   provider's access token of that client, of a player who is not banned.
 * The portal's own client keeps the identity-cookie session of spec §4 (session module).
 */
import type {
  ErrorCode,
  OAuthTokenErrorCode,
  OAuthTokenRequest,
  OAuthTokenResponse,
  TokenRefreshResponse,
} from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { BASIC_CHALLENGE } from '../../plugins/client-auth.ts';
import { findUserByIdUser } from '../accounts/index.ts';
import { registeredClient } from '../oauth-clients/index.ts';
import {
  findAccessToken,
  findClientAccessToken,
  requestTokens,
  type OidcEngine,
  type TokenEndpointAnswer,
  type TokenRequestOrigin,
} from '../oidc/index.ts';

/** A refused token request (RFC 6749 §5.2): the OAuth `error`, our §8 code and the field concerned. */
export class OAuthTokenRefusal extends Error {
  readonly error: OAuthTokenErrorCode;
  readonly code: ErrorCode;
  /** The request parameter at fault ('' when general). */
  readonly property: string;
  /** HTTP status: 401 for invalid_client (RFC 6749 §5.2), else 400. */
  readonly status: 400 | 401;

  constructor(error: OAuthTokenErrorCode, code: ErrorCode, property = '') {
    super(error);
    this.name = 'OAuthTokenRefusal';
    this.error = error;
    this.code = code;
    this.property = property;
    this.status = error === 'invalid_client' ? 401 : 400;
  }
}

/** invalid_request on `property`: a missing, repeated or contradictory parameter. */
export function invalidRequest(property: string): OAuthTokenRefusal {
  return new OAuthTokenRefusal('invalid_request', 'ERROR_OAUTH_REQUEST_INVALID', property);
}

/** The token request's parameters, longest first (so `code_verifier` is found before `code`). */
const REQUEST_PARAMETERS = ['code_verifier', 'redirect_uri', 'grant_type', 'client_id', 'code'] as const;

/** The provider's refusal as the call's: its `error` kept where the call knows it, else invalid_request. */
function refusalOf(answer: TokenEndpointAnswer): OAuthTokenRefusal {
  switch (answer.body.error) {
    case 'invalid_client':
      return new OAuthTokenRefusal('invalid_client', 'ERROR_UNAUTHORIZED');
    case 'invalid_grant':
      return new OAuthTokenRefusal('invalid_grant', 'ERROR_OAUTH_GRANT_INVALID');
    case 'unsupported_grant_type':
    case 'unauthorized_client':
      return new OAuthTokenRefusal('unsupported_grant_type', 'ERROR_OAUTH_REQUEST_INVALID', 'grant_type');
    default: {
      // The provider names the parameter at fault in its description ("code_verifier must be …").
      const description =
        typeof answer.body.error_description === 'string' ? answer.body.error_description : '';
      return invalidRequest(REQUEST_PARAMETERS.find((name) => description.includes(name)) ?? '');
    }
  }
}

/** The token request's parameters that are present, as the provider's form. */
function formOf(request: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(request).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/**
 * POST oauth/token, the access token request (RFC 6749 §4.1.3) of a partner's server, authenticated
 * (routes.ts) as client `clientId`.
 * @param request the token request (grant_type, code, redirect_uri, code_verifier; client_id and
 *   client_secret for `client_secret_post` or a public client)
 * @param authorization the request's `Authorization` header (HTTP Basic client credentials), if any
 * @returns RFC 6749 §5.1 answer: access_token, token_type Bearer, expires_in (seconds), refresh_token,
 *   scope, and the player's Id_User
 * @throws OAuthTokenRefusal — invalid_request (no grant_type, code or redirect_uri; both client
 *   authentications; a client_id other than `clientId`), unsupported_grant_type (not authorization_code), invalid_grant (the provider
 *   refused the code: unknown, expired, used — which also revokes what its first exchange gave —,
 *   another client's, another redirect URI, wrong or missing PKCE verifier, a banned player),
 *   invalid_client (401)
 */
export async function handleAccessTokenRequest(
  engine: OidcEngine,
  ctx: Pick<AppContext, 'log'>,
  clientId: string,
  request: OAuthTokenRequest,
  authorization: string | undefined,
  origin: TokenRequestOrigin,
): Promise<OAuthTokenResponse> {
  if (!request.grant_type) throw invalidRequest('grant_type');
  if (request.grant_type !== 'authorization_code') {
    throw new OAuthTokenRefusal('unsupported_grant_type', 'ERROR_OAUTH_REQUEST_INVALID', 'grant_type');
  }
  if (!request.code) throw invalidRequest('code');
  if (!request.redirect_uri) throw invalidRequest('redirect_uri');
  if (authorization !== undefined && request.client_secret !== undefined)
    throw invalidRequest('client_secret');
  const answer = await requestTokens(engine, formOf(request), authorization, origin);
  const { access_token, refresh_token, expires_in, scope } = answer.body;
  if (answer.status !== 200 || typeof access_token !== 'string' || typeof refresh_token !== 'string') {
    throw refusalOf(answer);
  }
  const issued = await findAccessToken(ctx, engine, access_token);
  if (!issued) throw refusalOf({ ...answer, body: { error: 'invalid_grant' } });
  return {
    access_token,
    token_type: 'Bearer',
    expires_in: typeof expires_in === 'number' ? expires_in : 0,
    refresh_token,
    scope: typeof scope === 'string' ? scope : '',
    Id_User: issued.accountId,
  };
}

/**
 * GET token/refresh of partner client `query.client_id` (RFC 6749 §6): the provider's refresh grant,
 * authenticated as the client by `authorization` (HTTP Basic) or, for a public client, by its id. The
 * access token is not needed by the grant; while it is still live it must be this client's, so a
 * partner cannot refresh with another's (an expired one is no longer stored, and the refresh token
 * alone decides).
 * @returns the new access token and refresh token (the used one is consumed: RFC 9700 §4.14.2)
 * @throws 400 ERROR_TOKEN_INVALID (a client that is not registered, a live access token of another
 *   client), ERROR_TOKEN_INVALID_REFRESH
 *   (unknown, expired, used — which revokes the grant — or revoked refresh token, another client's, a
 *   banned player), 401 ERROR_UNAUTHORIZED with the provider's challenge (a confidential client that did
 *   not authenticate, or wrong credentials)
 */
export async function refreshClientTokens(
  engine: OidcEngine,
  ctx: Pick<AppContext, 'log' | 'db'>,
  query: { access_token: string; refresh_token: string; client_id: string },
  authorization: string | undefined,
  origin: TokenRequestOrigin,
): Promise<TokenRefreshResponse> {
  if (!(await registeredClient(ctx.db, query.client_id))) throw badRequest('ERROR_TOKEN_INVALID');
  const live = await findAccessToken(ctx, engine, query.access_token);
  if (live && live.clientId !== query.client_id) throw badRequest('ERROR_TOKEN_INVALID');
  const form = {
    grant_type: 'refresh_token',
    refresh_token: query.refresh_token,
    ...(authorization === undefined ? { client_id: query.client_id } : {}),
  };
  const answer = await requestTokens(engine, form, authorization, origin);
  const { access_token, refresh_token, expires_in } = answer.body;
  if (answer.status === 401) {
    throw new AppError(401, [{ Property: '', ErrorMessage: 'ERROR_UNAUTHORIZED' }], {
      'www-authenticate': answer.challenge ?? BASIC_CHALLENGE,
    });
  }
  if (answer.status !== 200 || typeof access_token !== 'string' || typeof refresh_token !== 'string') {
    throw badRequest('ERROR_TOKEN_INVALID_REFRESH');
  }
  const expiresIn = typeof expires_in === 'number' ? expires_in : 0;
  return {
    AccessToken: access_token,
    Refresh: refresh_token,
    ExprireAt: new Date(Date.now() + expiresIn * 1000).toISOString(),
    ExpiresIn: expiresIn,
  };
}

/** Who holds a partner client's access token (GET token/verify, GET oauth/profile). */
export interface TokenHolder {
  /** Internal users.id. */
  userId: number;
  idUser: string;
  username: string;
  /** The token's scope (space-delimited). */
  scope: string;
  /** Seconds it has left. */
  expiresIn: number;
}

/**
 * The player who holds `accessToken`, a live token the provider issued to client `clientId`, when they
 * exist and are not banned.
 * @returns null for anything else (another client's token, a removed grant, a banned player)
 */
export async function clientTokenHolder(
  engine: OidcEngine,
  ctx: Pick<AppContext, 'log' | 'db'>,
  accessToken: string,
  clientId: string,
): Promise<TokenHolder | null> {
  const token = await findClientAccessToken(ctx, engine, accessToken, clientId);
  const player = token && (await findUserByIdUser(ctx.db, token.accountId));
  if (!token || !player || player.banned_at !== null) return null;
  return {
    userId: player.id,
    idUser: player.id_user,
    username: player.username,
    scope: token.scope,
    expiresIn: Math.max(0, token.expiresAt - Math.floor(Date.now() / 1000)),
  };
}
