/**
 * The hub's authorization endpoint (RFC 6749 §3.1): its authorization requests (spec §1 Single sign-on: "a login can end in a redirect back to an
 * allowed partner site"; §7 GET oauth → RedirectUri; RFC 6749 §4.1.1–§4.1.2, RFC 7636 PKCE).
 *
 * GET oauth checks the client (registered in `oauth_clients`, not the portal itself) and the redirect
 * URI (exactly one of the client's registered URIs, and on the redirect allow-list); problems with
 * those never redirect (RFC 6749 §4.1.2.1). A visitor is sent to log in first and comes back to
 * /oauth. For a player, other problems go back to the client with `error` and `state`; otherwise a
 * code — 256 random bits, stored as SHA-256, single use, `OAUTH_CODE_TTL_SECONDS` (at most 10 min) —
 * bound to the client, the player, the redirect URI and the PKCE challenge. PKCE S256 is required of
 * every client (RFC 9700 §2.1.1, OAuth 2.1): a request without a challenge gets no code. The scope is
 * `openid profile` (the partner scopes of access-tokens.ts); a request for another is invalid_scope
 * (RFC 6749 §3.3, §4.1.2.1). The code is redeemed at the token endpoint (POST oauth/token),
 * `token-endpoint.ts`.
 */
import { createHash } from 'node:crypto';
import type { OAuthQuery } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { audit } from '../audit/index.ts';
import { randomToken } from '../../lib/crypto.ts';
import { badRequest } from '../../lib/errors.ts';
import { DAY_MS, isoIn, isoNow } from '../../lib/time.ts';
import { allowedRedirectOrNull } from '../redirect/index.ts';
import { PARTNER_SCOPE, PARTNER_SCOPES, type AuthInfo } from '../session/index.ts';
import { issueToken } from '../single-use-tokens/index.ts';
import { AUTHORIZATION_CODE_KIND, deleteCodesExpiredBefore, findClient } from './store.ts';

/** Longest lifetime of a code, seconds (RFC 6749 §4.1.2: "a maximum lifetime of 10 minutes"). */
export const MAX_CODE_TTL_SECONDS = 600;

/**
 * How long a code row is kept after it expired, ms: a replay within this time still revokes the session
 * of the code's first exchange (RFC 6749 §4.1.2); older rows are deleted when new codes are issued.
 */
export const CODE_MEMORY_MS = DAY_MS;

/** The only PKCE method accepted (RFC 7636 §4.2; `plain` is refused). */
export const PKCE_METHOD = 'S256';

/** A S256 challenge: base64url of a SHA-256, 43 characters (RFC 7636 §4.2). */
const CHALLENGE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A code verifier: 43 to 128 unreserved characters (RFC 7636 §4.1). */
const VERIFIER_PATTERN = /^[A-Za-z0-9._~-]{43,128}$/;

/**
 * Does `verifier` answer the S256 `challenge` (RFC 7636 §4.6)? False for a verifier outside the
 * RFC's alphabet or length.
 */
export function verifierMatches(verifier: string | undefined, challenge: string): boolean {
  if (verifier === undefined || !VERIFIER_PATTERN.test(verifier)) return false;
  return createHash('sha256').update(verifier, 'ascii').digest('base64url') === challenge;
}

/**
 * Is the requested `scope` one the hub grants partner clients (RFC 6749 §3.3: space-delimited, case
 * sensitive)? An absent or blank scope asks for the default, {@link PARTNER_SCOPE}.
 */
export function isGrantableScope(scope: string | undefined): boolean {
  if (scope === undefined) return true;
  const asked = scope.split(' ').filter(Boolean);
  return asked.every((one) => (PARTNER_SCOPES as readonly string[]).includes(one));
}

/** `url` with `parameters` added to its query (its own query kept; empty values left out). */
function withParameters(url: string, parameters: Record<string, string | undefined>): string {
  const target = new URL(url);
  for (const [key, value] of Object.entries(parameters)) {
    if (value !== undefined && value !== '') target.searchParams.set(key, value);
  }
  return target.toString();
}

/** The client's registered redirect URIs (a JSON array in the row; anything else counts as none). */
function registeredUris(json: string): string[] {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? value.filter((uri): uri is string => typeof uri === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * GET oauth, the authorization request (RFC 6749 §4.1.1): where the browser goes next — the
 * authorization response (§4.1.2) or its error response (§4.1.2.1).
 * @param auth the caller's session, or null/undefined for the anonymous bearer (a banned player's or
 *   a revoked token never gets here: the bearer check answers 401 ERROR_TOKEN_INVALID)
 * @param rawQuery the page's query string as received (for the way back after a log-in)
 * @param ip the caller's address (audit)
 * @returns RedirectUri: the client's redirect URI with `code` and `state` (or `error` and `state`), or
 *   the portal's `/login?redirectUrl=<"/oauth?" + rawQuery>` for a visitor
 * @throws 400 ERROR_OAUTH_CLIENT_UNKNOWN (client_id), ERROR_OAUTH_REDIRECT_URI_INVALID (redirect_uri)
 */
export async function handleAuthorizationRequest(
  ctx: AppContext,
  query: OAuthQuery,
  auth: AuthInfo | null | undefined,
  rawQuery: string,
  ip: string | null = null,
): Promise<string> {
  const clientId = query.client_id ?? '';
  const client =
    clientId && clientId !== ctx.config.portalClientId ? await findClient(ctx.db, clientId) : undefined;
  if (!client) throw badRequest('ERROR_OAUTH_CLIENT_UNKNOWN', 'client_id');
  const redirectUri = query.redirect_uri ?? '';
  const isRegistered = redirectUri !== '' && registeredUris(client.redirect_uris).includes(redirectUri);
  if (!isRegistered || !(await allowedRedirectOrNull(ctx, redirectUri))) {
    throw badRequest('ERROR_OAUTH_REDIRECT_URI_INVALID', 'redirect_uri');
  }
  if (!auth) return `/login?redirectUrl=${encodeURIComponent(`/oauth?${rawQuery}`)}`;

  const state = query.state;
  const refuse = (error: string, description?: string) =>
    withParameters(redirectUri, { error, error_description: description, state });
  if (query.response_type !== 'code') return refuse('unsupported_response_type');
  if (!state) return refuse('invalid_request', 'state required');
  const challenge = query.code_challenge;
  const method = query.code_challenge_method;
  if (challenge === undefined) return refuse('invalid_request', 'code_challenge required (S256)');
  if (method !== PKCE_METHOD || !CHALLENGE_PATTERN.test(challenge)) {
    return refuse('invalid_request', 'code_challenge must be 43 base64url characters with S256');
  }
  if (!isGrantableScope(query.scope)) return refuse('invalid_scope');
  const code = randomToken(32);
  const now = isoNow();
  const ttlMs = Math.min(ctx.config.oauthCodeTtlSeconds, MAX_CODE_TTL_SECONDS) * 1000;
  await ctx.db.transaction().execute(async (trx) => {
    await deleteCodesExpiredBefore(trx, isoIn(-CODE_MEMORY_MS));
    await issueToken(
      trx,
      AUTHORIZATION_CODE_KIND,
      {
        client_id: client.client_id,
        user_id: auth.userId,
        redirect_uri: redirectUri,
        code_challenge: challenge,
        code_challenge_method: PKCE_METHOD,
        created_at: now,
        expires_at: isoIn(ttlMs),
        used_at: null,
        session_id: null,
      },
      code,
    );
    await audit({ db: trx }, auth.userId, 'sso.code_issued', ip, {
      clientId: client.client_id,
      scope: PARTNER_SCOPE,
    });
  });
  return withParameters(redirectUri, { code, state });
}
