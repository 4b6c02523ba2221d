/**
 * Partner server-to-server authentication (docs/partner-api.md): a registered OAuth client of
 * `oauth_clients` sends its credentials with HTTP Basic, `Authorization: Basic
 * base64(urlencode(client_id) ":" urlencode(client_secret))` (RFC 6749 §2.3.1, RFC 7617). The store
 * keeps only the SHA-256 of each secret (secrets are random 256-bit values, DESIGN.md §5); a client
 * without a secret (the portal itself) cannot call. Failures answer 401 ERROR_UNAUTHORIZED with a
 * `WWW-Authenticate: Basic` challenge. These calls need no `x-api-key` (routes are `public`).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { safeEqual, sha256 } from '../lib/crypto.ts';
import { AppError } from '../lib/errors.ts';
import { clientCredentialsOf } from '../modules/oauth-clients/index.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route skips the /api scope's `x-api-key` check (app.ts), e.g. partner calls. */
    public?: boolean;
  }
}

/** The partner client of a server-to-server call. */
export interface PartnerClient {
  clientId: string;
}

/** The challenge sent with every 401 of a partner call (RFC 7617 §2). */
export const BASIC_CHALLENGE = 'Basic realm="guildgate-partner-api", charset="UTF-8"';

/** Compared against when the client is unknown, so both cases take the same time. */
const NO_SECRET_HASH = sha256('no client secret');

/** 401 with the Basic challenge. */
function invalidClient(): AppError {
  return new AppError(401, [{ Property: '', ErrorMessage: 'ERROR_UNAUTHORIZED' }], {
    'www-authenticate': BASIC_CHALLENGE,
  });
}

/** application/x-www-form-urlencoded decoding of one credential (RFC 6749 Appendix B). */
function formDecode(value: string): string | null {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/**
 * The client id and secret of an `Authorization: Basic …` header (RFC 6749 §2.3.1).
 * @returns null when the header is absent, of another scheme, or malformed
 */
export function parseBasicCredentials(
  header: string | undefined,
): { clientId: string; clientSecret: string } | null {
  if (typeof header !== 'string') return null;
  // The scheme is case-insensitive (RFC 7235 §2.1); credentials are at most a few hundred bytes.
  const m = /^Basic +([A-Za-z0-9+/]{1,2048}={0,2}) *$/i.exec(header);
  if (!m) return null;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 1) return null;
  const clientId = formDecode(decoded.slice(0, colon));
  const clientSecret = formDecode(decoded.slice(colon + 1));
  if (!clientId || !clientSecret || !clientId.isWellFormed() || clientId.includes('\u0000')) return null;
  return { clientId, clientSecret };
}

/**
 * Checks the Basic client credentials of `request` against `oauth_clients`.
 * @returns the authenticated client
 * @throws 401 ERROR_UNAUTHORIZED (with `WWW-Authenticate: Basic`) when absent, malformed, unknown,
 *   without a secret, or wrong
 */
export async function authenticateClient(ctx: AppContext, request: FastifyRequest): Promise<PartnerClient> {
  const credentials = parseBasicCredentials(request.headers.authorization);
  if (!credentials) throw invalidClient();
  return verifyClientCredentials(ctx, credentials.clientId, credentials.clientSecret);
}

/**
 * Checks a client id and secret, however they came (HTTP Basic, or `client_secret_post` in the body of
 * the hub's token endpoint, RFC 6749 §2.3.1), against `oauth_clients`, in the same time whether the
 * client exists or not.
 * @returns the authenticated client
 * @throws 401 ERROR_UNAUTHORIZED (with `WWW-Authenticate: Basic`) when either is empty, the client is
 *   unknown or has no secret (the portal itself), or the secret is wrong
 */
export async function verifyClientCredentials(
  ctx: AppContext,
  clientId: string,
  clientSecret: string,
): Promise<PartnerClient> {
  if (!clientId || !clientSecret) throw invalidClient();
  const client = await clientCredentialsOf(ctx.db, clientId);
  const matches = safeEqual(sha256(clientSecret), client?.secretHash ?? NO_SECRET_HASH);
  if (!client?.secretHash || !matches) throw invalidClient();
  return { clientId: client.clientId };
}

/** The partner client of each authenticated request (see {@link partnerClientOf}). */
const clients = new WeakMap<FastifyRequest, PartnerClient>();

/** onRequest hook of partner calls: authenticates the client (401 otherwise) before the body is read. */
export function clientAuth(ctx: AppContext) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    clients.set(request, await authenticateClient(ctx, request));
  };
}

/**
 * The client {@link clientAuth} authenticated for `request`.
 * @throws 401 when the route did not run {@link clientAuth}
 */
export function partnerClientOf(request: FastifyRequest): PartnerClient {
  const client = clients.get(request);
  if (!client) throw invalidClient();
  return client;
}

/**
 * onRequest hook of the spec §7 calls a partner's server makes too (token/verify, token/refresh): an
 * `Authorization: Basic …` header authenticates the client (401 otherwise), anything else goes to
 * `otherwise` (the anonymous-call check). The client is then {@link authenticatedClientOf} the request.
 */
export function clientOrAnonymousAuth(
  ctx: AppContext,
  otherwise: (request: FastifyRequest, reply: FastifyReply) => Promise<void>,
) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization;
    if (typeof header === 'string' && /^Basic /i.test(header)) {
      clients.set(request, await authenticateClient(ctx, request));
      return;
    }
    await otherwise(request, reply);
  };
}

/** The client HTTP Basic authenticated for `request`, or null when it came without client credentials. */
export function authenticatedClientOf(request: FastifyRequest): PartnerClient | null {
  return clients.get(request) ?? null;
}
