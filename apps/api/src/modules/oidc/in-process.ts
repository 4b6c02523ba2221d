/**
 * The OpenID Provider called from inside the node, for the spec's compatibility calls (modules/sso:
 * POST oauth/token, GET token/refresh, GET token/verify and GET oauth/profile of a partner client;
 * issue 21 §2 "thin adapters over the provider"):
 * - {@link requestTokens} sends a token request (RFC 6749 §4.1.3 code, §6 refresh) to the provider's own
 *   token endpoint — its client authentication, PKCE, code and refresh-token rules, rotation and replay
 *   detection all apply — through `light-my-request` (Fastify's in-process HTTP injection), so nothing of
 *   the grant is done twice;
 * - {@link findAccessToken} and {@link findClientAccessToken} read an access token the provider issued
 *   (the latter for the client it was issued to only: the audience rule of docs/security.md).
 */
import { inject } from 'light-my-request';
import type { IncomingMessage } from 'node:http';
import type { AppContext } from '../../context.ts';
import type { OidcEngine } from './engine.ts';
import { OIDC_PATH } from './issuer.ts';

/** Where a token request came from (the provider counts failed client authentications by IP). */
export interface TokenRequestOrigin {
  ip: string;
  /** `http` or `https`, as Fastify read it (TRUST_PROXY). */
  protocol: string;
  host: string;
  userAgent: string | undefined;
}

/** The token endpoint's answer: its status and JSON body (RFC 6749 §5.1, or §5.2 `error`). */
export interface TokenEndpointAnswer {
  status: number;
  body: Record<string, unknown>;
  /** `WWW-Authenticate` of a 401 (RFC 6749 §5.2 invalid_client), if any. */
  challenge: string | undefined;
}

/**
 * POSTs `form` to the provider's token endpoint (`/oidc/token`) with the client's `authorization`
 * header (HTTP Basic, RFC 6749 §2.3.1), if any.
 * @param form the token request's parameters (grant_type, code, redirect_uri, code_verifier,
 *   refresh_token, client_id, client_secret…)
 * @returns the provider's answer (never throws for a refusal; the status says it)
 */
export async function requestTokens(
  engine: OidcEngine,
  form: Record<string, string>,
  authorization: string | undefined,
  origin: TokenRequestOrigin,
): Promise<TokenEndpointAnswer> {
  const { callback } = await engine.current();
  const response = await inject(
    (request, response) => {
      (request as IncomingMessage & { originalUrl?: string }).originalUrl = `${OIDC_PATH}/token`;
      void callback(request, response);
    },
    {
      method: 'POST',
      url: '/token',
      remoteAddress: origin.ip,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-proto': origin.protocol,
        'x-forwarded-host': origin.host,
        'x-forwarded-for': origin.ip,
        ...(origin.userAgent === undefined ? {} : { 'user-agent': origin.userAgent }),
        ...(authorization === undefined ? {} : { authorization }),
      },
      payload: new URLSearchParams(form).toString(),
    },
  );
  let body: Record<string, unknown> = {};
  try {
    const parsed = response.json<unknown>();
    if (parsed !== null && typeof parsed === 'object') body = parsed as Record<string, unknown>;
  } catch {
    body = {};
  }
  const challenge = response.headers['www-authenticate'];
  return {
    status: response.statusCode,
    body,
    challenge: typeof challenge === 'string' ? challenge : undefined,
  };
}

/** A live access token of the provider, as {@link findAccessToken} reads it. */
export interface IssuedAccessToken {
  /** The client it was issued to. */
  clientId: string;
  /** The player's public id (`sub`). */
  accountId: string;
  /** Its scope (space-delimited, RFC 6749 §3.3). */
  scope: string;
  /** When it expires, seconds since the epoch. */
  expiresAt: number;
}

/**
 * The access token `token` when the provider issued it, it has not expired, and its grant still stands
 * (not removed by the player, a log-out or a revocation).
 * @returns null for anything else
 */
export async function findAccessToken(
  ctx: Pick<AppContext, 'log'>,
  engine: OidcEngine,
  token: string,
): Promise<IssuedAccessToken | null> {
  const { provider } = await engine.current();
  const found = await provider.AccessToken.find(token).catch((error: unknown) => {
    ctx.log.debug({ err: error }, 'access token not readable');
    return undefined;
  });
  if (!found?.clientId || found.isExpired || found.exp === undefined) return null;
  const { clientId, accountId, grantId } = found;
  const grant = await provider.Grant.find(grantId);
  if (!grant || grant.clientId !== clientId || grant.accountId !== accountId) return null;
  return { clientId, accountId, scope: found.scope ?? '', expiresAt: found.exp };
}

/**
 * {@link findAccessToken} for client `clientId` only (the audience rule of docs/security.md).
 * @returns null for anything else — another client's token included
 */
export async function findClientAccessToken(
  ctx: Pick<AppContext, 'log'>,
  engine: OidcEngine,
  token: string,
  clientId: string,
): Promise<IssuedAccessToken | null> {
  const found = await findAccessToken(ctx, engine, token);
  return found?.clientId === clientId ? found : null;
}
