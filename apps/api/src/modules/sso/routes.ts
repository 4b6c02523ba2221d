/**
 * Routes of the spec's single-sign-on calls, thin adapters over the hub's OpenID Provider (issue 21 §2;
 * spec §1 Single sign-on, §7 GET oauth, token/refresh, token/verify; RFC 6749 §4.1; docs/partner-api.md
 * "compatibility"):
 * - GET oauth (authorization-endpoint.ts), called by the SPA's /oauth page with the `x-api-key` and the
 *   anonymous bearer or the player's token → `{ RedirectUri }`, the provider's authorization endpoint;
 * - POST oauth/token (token-endpoint.ts), called by a partner site's server: no `x-api-key`; the client
 *   authenticates with HTTP Basic (plugins/client-auth.ts) or `client_secret_post` (RFC 6749 §2.3.1),
 *   never both; the body is `application/x-www-form-urlencoded` (RFC 6749 §4.1.3) or JSON. Every answer
 *   carries `Cache-Control: no-store` and `Pragma: no-cache` (RFC 6749 §5.1); refusals carry the RFC 6749
 *   §5.2 `error` (and `error_description`) and our §8 `ErrorMessages` together: 400 invalid_request,
 *   invalid_grant, unsupported_grant_type; 401 invalid_client with `WWW-Authenticate: Basic`;
 * - GET token/refresh and GET token/verify: the portal's own client's session (session module, spec §4),
 *   a partner client's tokens at the provider (token-endpoint.ts); a partner's server authenticates its
 *   client with HTTP Basic there, the SPA sends the anonymous bearer;
 * - GET oauth/profile, called by a partner site's server with its HTTP Basic client credentials and the
 *   access token the hub issued to it: the public profile and badges of the player the token names.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import formbody from '@fastify/formbody';
import {
  ENDPOINTS,
  type OAuthTokenErrorBody,
  type OAuthTokenErrorCode,
  type OAuthTokenRequest,
} from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { endpointRoute } from '../../lib/endpoint-routes.ts';
import { anonymousAuth } from '../../plugins/auth.ts';
import {
  authenticateClient,
  authenticatedClientOf,
  BASIC_CHALLENGE,
  clientAuth,
  clientOrAnonymousAuth,
  partnerClientOf,
  verifyClientCredentials,
} from '../../plugins/client-auth.ts';
import { toErrorResponse } from '../../plugins/error-handler.ts';
import { AppError, badRequest, rateLimited } from '../../lib/errors.ts';
import { hasScope, refreshTokens, verifyAccessToken } from '../session/index.ts';
import { loadUser } from '../profile/index.ts';
import type { OidcEngine, TokenRequestOrigin } from '../oidc/index.ts';
import { sensitiveRateLimit } from '../../plugins/rate-limit.ts';
import { handleAuthorizationRequest } from './authorization-endpoint.ts';
import {
  clientTokenHolder,
  handleAccessTokenRequest,
  invalidRequest,
  OAuthTokenRefusal,
  refreshClientTokens,
} from './token-endpoint.ts';
import { consumedBy, takeQuota, tryConsume } from '../rate-limits/index.ts';

/** What each refusal tells a partner's developer (never which check of a grant failed). */
const DESCRIPTIONS: Record<OAuthTokenErrorCode, string> = {
  invalid_request: 'The request is missing a parameter, repeats one, or is malformed.',
  invalid_client: 'Client authentication failed.',
  invalid_grant:
    'The code is invalid, expired or used, or was issued to another client or redirect_uri, or the code_verifier does not match.',
  unsupported_grant_type: 'Only the authorization_code grant is supported.',
};

/** Where a request came from, for the provider (its failure counters, the grant's records). */
function originOf(request: FastifyRequest): TokenRequestOrigin {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, protocol: request.protocol, host: request.host, userAgent: agent };
}

/** The request's HTTP Basic `Authorization` header, if it has one (RFC 6749 §2.3.1). */
function basicHeaderOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return typeof header === 'string' && /^Basic /i.test(header) ? header : undefined;
}

/** Sets the RFC 6749 §5.1 no-caching headers of every token answer. */
function noStore(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
}

/** Window of the token endpoint's counters, ms. */
const TOKEN_WINDOW_MS = 60_000;

/** The largest body of a token request, bytes (its parameters fit in a few KiB). */
export const TOKEN_BODY_LIMIT_BYTES = 16 * 1024;

/** The client of each token request (set by {@link tokenClientCheck} or the handler). */
const tokenClients = new WeakMap<FastifyRequest, string>();

/** The limiter of failed client authentications per IP (`rateLimitPerMinute` a minute). */
function failuresOf(ctx: AppContext) {
  const points = ctx.config.rateLimitPerMinute;
  return ctx.rateLimits.limiter('oauth-token-failures', { points, durationSeconds: TOKEN_WINDOW_MS / 1000 });
}

/** Counts one exchange of `clientId`. @throws 429 over `oauthTokenRateLimitPerMinute` a minute */
async function countExchange(ctx: AppContext, clientId: string): Promise<void> {
  const points = ctx.config.oauthTokenRateLimitPerMinute;
  const quota = { points, durationSeconds: TOKEN_WINDOW_MS / 1000 };
  if (!(await takeQuota(ctx.rateLimits, 'oauth-token-client', quota, clientId))) {
    throw rateLimited(TOKEN_WINDOW_MS / 1000);
  }
}

/** Runs a client authentication; an AppError (wrong credentials) counts against the IP. */
async function countingFailures<T>(ctx: AppContext, request: FastifyRequest, check: () => Promise<T>) {
  try {
    return await check();
  } catch (error) {
    if (error instanceof AppError) await tryConsume(failuresOf(ctx), request.ip);
    throw error;
  }
}

/**
 * onRequest hook of POST oauth/token, before the body is read (DESIGN.md §5): an IP over
 * `rateLimitPerMinute` failed client authentications in the minute is refused before its credentials
 * are checked (secret guessing); an HTTP Basic client is authenticated (failures count per IP) and its
 * exchange counted against `oauthTokenRateLimitPerMinute`, counted for the client across its servers
 * and nodes (a partner's sign-ins all come from its few servers, so a per-IP limit would throttle them).
 * A `client_secret_post` client is checked by {@link tokenClient} once the (small) body is read.
 * @throws AppError 401 for wrong Basic credentials; 429 ERROR_RATE_LIMITED (Retry-After 60)
 */
async function tokenClientCheck(ctx: AppContext, request: FastifyRequest): Promise<void> {
  if ((await consumedBy(failuresOf(ctx), request.ip)) >= ctx.config.rateLimitPerMinute) {
    throw rateLimited(TOKEN_WINDOW_MS / 1000);
  }
  if (request.headers.authorization === undefined) return;
  const client = await countingFailures(ctx, request, () => authenticateClient(ctx, request));
  await countExchange(ctx, client.clientId);
  tokenClients.set(request, client.clientId);
}

/**
 * The client of a token request: the one HTTP Basic authenticated, or `client_id` + `client_secret`
 * in the body (checked now, counted like Basic).
 * @throws OAuthTokenRefusal invalid_request when both ways are used (RFC 6749 §2.3); AppError 401 when
 *   the credentials are absent or wrong; 429 ERROR_RATE_LIMITED when the client is over its budget
 */
async function tokenClient(
  ctx: AppContext,
  request: FastifyRequest,
  body: OAuthTokenRequest,
): Promise<string> {
  const posted = body.client_secret !== undefined;
  if (request.headers.authorization !== undefined && posted) throw invalidRequest('client_secret');
  const authenticated = tokenClients.get(request);
  if (authenticated) return authenticated;
  if (!posted) return (await authenticateClient(ctx, request)).clientId;
  const client = await countingFailures(ctx, request, () =>
    verifyClientCredentials(ctx, body.client_id ?? '', body.client_secret ?? ''),
  );
  await countExchange(ctx, client.clientId);
  return client.clientId;
}

/**
 * Route error handler of POST oauth/token: every refusal in both shapes. A §8 error from before the
 * handler (schema, unstorable text, media type, body size) is invalid_request; a 401 is invalid_client.
 */
function tokenErrorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
  noStore(reply);
  if (error instanceof OAuthTokenRefusal) {
    const body: OAuthTokenErrorBody = {
      error: error.error,
      error_description: DESCRIPTIONS[error.error],
      ErrorMessages: [{ Property: error.property, ErrorMessage: error.code }],
    };
    if (error.status === 401) void reply.header('www-authenticate', BASIC_CHALLENGE);
    void reply.code(error.status).send(body);
    return;
  }
  const { status, body, headers } = toErrorResponse(error);
  if (status >= 500) request.log.error({ err: error }, 'token request failed');
  void reply.code(status).headers(headers);
  if (status === 401) {
    const refused: OAuthTokenErrorCode = 'invalid_client';
    void reply
      .header('www-authenticate', BASIC_CHALLENGE)
      .send({ error: refused, error_description: DESCRIPTIONS[refused], ...body });
    return;
  }
  if (status === 400 || status === 413) {
    const refused: OAuthTokenErrorCode = 'invalid_request';
    void reply.send({ error: refused, error_description: DESCRIPTIONS[refused], ...body });
    return;
  }
  void reply.send(body);
}

/**
 * Registers GET oauth, POST oauth/token, GET oauth/profile, GET token/refresh and GET token/verify on the
 * /api scope, the partner clients' answered by `engine`'s provider.
 */
export async function ssoRoutes(app: FastifyInstance, ctx: AppContext, engine: OidcEngine): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  endpointRoute(r, ENDPOINTS.getOAuth, {
    config: { rateLimit: sensitiveRateLimit(ctx) },
    onRequest: anonymousAuth(ctx),
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const mark = request.url.indexOf('?');
      const rawQuery = mark === -1 ? '' : request.url.slice(mark + 1);
      return { RedirectUri: await handleAuthorizationRequest(ctx, request.query, request.auth, rawQuery) };
    },
  });

  endpointRoute(r, ENDPOINTS.getOAuthProfile, {
    // Partner servers authenticate with their client credentials, not with an api key.
    config: { public: true },
    onRequest: clientAuth(ctx),
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const { access_token } = request.query;
      // Only this client's tokens, of a standing grant of a player who is not banned.
      const holder = access_token
        ? await clientTokenHolder(engine, ctx, access_token, partnerClientOf(request).clientId)
        : null;
      if (!holder || !hasScope(holder.scope, 'profile')) throw badRequest('ERROR_TOKEN_INVALID');
      const user = await loadUser(ctx, holder.userId, false);
      return {
        Id_User: user.Id_User,
        Username: user.Username,
        AvatarUrl: user.AvatarUrl,
        TitleName: user.TitleName,
        CreatedAt: user.CreatedAt,
        Badges: user.Badges,
      };
    },
  });

  // A partner's server authenticates its client with HTTP Basic here; the SPA sends the anonymous bearer.
  const clientOrAnonymous = clientOrAnonymousAuth(ctx, anonymousAuth(ctx));

  endpointRoute(r, ENDPOINTS.getTokenRefresh, {
    onRequest: clientOrAnonymous,
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const { query } = request;
      const authenticated = authenticatedClientOf(request);
      // A call authenticated as one client never acts for another.
      if (authenticated && authenticated.clientId !== query.client_id)
        throw badRequest('ERROR_TOKEN_INVALID');
      if (query.client_id === ctx.config.portalClientId) return refreshTokens(ctx, query);
      return refreshClientTokens(engine, ctx, query, basicHeaderOf(request), originOf(request));
    },
  });

  endpointRoute(r, ENDPOINTS.getTokenVerify, {
    onRequest: clientOrAnonymous,
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const { client_id, access_token } = request.query;
      const authenticated = authenticatedClientOf(request)?.clientId ?? null;
      if (client_id === ctx.config.portalClientId || !client_id || !access_token) {
        return verifyAccessToken(ctx, request.query, authenticated);
      }
      if (authenticated !== null && authenticated !== client_id) throw badRequest('ERROR_TOKEN_INVALID');
      const holder = await clientTokenHolder(engine, ctx, access_token, client_id);
      if (!holder) throw badRequest('ERROR_TOKEN_INVALID');
      return { ExpiresIn: holder.expiresIn, Id_User: holder.idUser, Username: holder.username };
    },
  });

  // The token endpoint reads application/x-www-form-urlencoded (RFC 6749 §4.1.3) as well as JSON.
  await app.register(async (scope) => {
    // A token request is a few parameters: its body is bounded tighter than the API's.
    await scope.register(formbody, { bodyLimit: TOKEN_BODY_LIMIT_BYTES });
    endpointRoute(scope.withTypeProvider<ZodTypeProvider>(), ENDPOINTS.postOAuthToken, {
      // Throttled by client, and by IP for failed authentications (tokenClientCheck), not by IP alone.
      config: { public: true },
      bodyLimit: TOKEN_BODY_LIMIT_BYTES,
      onRequest: (request) => tokenClientCheck(ctx, request),
      errorHandler: tokenErrorHandler,
      handler: async (request, reply) => {
        const clientId = await tokenClient(ctx, request, request.body);
        const answer = await handleAccessTokenRequest(
          engine,
          ctx,
          clientId,
          request.body,
          basicHeaderOf(request),
          originOf(request),
        );
        noStore(reply);
        return answer;
      },
    });
  });
}
