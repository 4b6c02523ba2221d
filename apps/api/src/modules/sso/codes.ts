/**
 * The hub's authorization code flow for partner sites (spec §1 Single sign-on: "a login can end in a
 * redirect back to an allowed partner site"; §7 GET oauth → RedirectUri; RFC 6749 §4.1, RFC 7636 PKCE).
 *
 * GET oauth checks the client (registered in `oauth_clients`, not the portal itself) and the redirect
 * URI (exactly one of the client's registered URIs, and on the redirect allow-list); problems with
 * those never redirect (RFC 6749 §4.1.2.1). A visitor is sent to log in first and comes back to
 * /oauth. For a player, other problems go back to the client with `error` and `state`; otherwise a
 * code — 256 random bits, stored as SHA-256, single use, `OAUTH_CODE_TTL_SECONDS` (at most 10 min) —
 * bound to the client, the player, the redirect URI and the PKCE challenge.
 *
 * POST oauth/token (the partner's server, HTTP Basic client credentials) exchanges a code once for a
 * session of that client: an access token whose audience is the client and a rotating refresh token,
 * used with GET token/refresh and GET token/verify and the client's id. A replayed code revokes the
 * session its first exchange opened (RFC 6749 §4.1.2).
 */
import { createHash } from 'node:crypto';
import type { OAuthQuery, OAuthTokenRequest, OAuthTokenResponse } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import type { AuthInfo } from '../../plugins/auth.ts';
import { audit } from '../../lib/audit.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { badRequest } from '../../lib/errors.ts';
import { isoIn, isoNow } from '../../lib/time.ts';
import { allowedRedirectOrNull } from '../redirect/allow-list.ts';
import { createSession, revokeSessions, tokenForIdentity } from '../session/sessions.ts';

/** Longest lifetime of a code, seconds (RFC 6749 §4.1.2: "a maximum lifetime of 10 minutes"). */
export const MAX_CODE_TTL_SECONDS = 600;

/** A refused token request (RFC 6749 §5.2): the OAuth `error` and our §8 code. */
export class OAuthTokenError extends Error {
  readonly error: 'invalid_request' | 'invalid_grant' | 'unsupported_grant_type';
  readonly code: 'ERROR_OAUTH_GRANT_INVALID' | 'ERROR_OAUTH_REQUEST_INVALID';

  constructor(error: OAuthTokenError['error'], code: OAuthTokenError['code']) {
    super(error);
    this.name = 'OAuthTokenError';
    this.error = error;
    this.code = code;
  }
}

/** `url` with `parameters` added to its query (its own query kept). */
function withParameters(url: string, parameters: Record<string, string | undefined>): string {
  const target = new URL(url);
  for (const [key, value] of Object.entries(parameters)) {
    if (value !== undefined && value !== '') target.searchParams.set(key, value);
  }
  return target.toString();
}

/** base64url(SHA-256(verifier)): the S256 challenge of a PKCE verifier (RFC 7636 §4.2). */
function s256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/**
 * GET oauth: where the browser goes next.
 * @param auth the caller's session, or undefined for the anonymous bearer
 * @param rawQuery the page's query string as received (for the way back after a log-in)
 * @returns RedirectUri: the client's redirect URI with `code` and `state` (or `error` and `state`), or
 *   the portal's /login with a redirectUrl back to /oauth
 * @throws 400 ERROR_OAUTH_CLIENT_UNKNOWN (client_id), ERROR_OAUTH_REDIRECT_URI_INVALID (redirect_uri)
 */
export async function authorize(
  ctx: AppContext,
  query: OAuthQuery,
  auth: AuthInfo | null | undefined,
  rawQuery: string,
): Promise<string> {
  const clientId = query.client_id ?? '';
  const client =
    clientId && clientId !== ctx.config.portalClientId
      ? await ctx.db
          .selectFrom('oauth_clients')
          .select(['client_id', 'redirect_uris'])
          .where('client_id', '=', clientId)
          .executeTakeFirst()
      : undefined;
  if (!client) throw badRequest('ERROR_OAUTH_CLIENT_UNKNOWN', 'client_id');
  const registered = JSON.parse(client.redirect_uris) as unknown;
  const redirectUri = query.redirect_uri ?? '';
  const isRegistered = Array.isArray(registered) && registered.includes(redirectUri);
  if (!isRegistered || !(await allowedRedirectOrNull(ctx, redirectUri))) {
    throw badRequest('ERROR_OAUTH_REDIRECT_URI_INVALID', 'redirect_uri');
  }
  if (!auth) return `/login?redirectUrl=${encodeURIComponent(`/oauth?${rawQuery}`)}`;

  const state = query.state;
  const refuse = (error: string) => withParameters(redirectUri, { error, state });
  if (query.response_type !== 'code') return refuse('unsupported_response_type');
  if (!state) return refuse('invalid_request');
  const challenge = query.code_challenge;
  const method = query.code_challenge_method;
  if (challenge !== undefined || method !== undefined) {
    if (method !== 'S256' || !challenge || !/^[A-Za-z0-9_-]{43}$/.test(challenge)) {
      return refuse('invalid_request');
    }
  }
  const code = randomToken(32);
  const now = isoNow();
  await ctx.db.deleteFrom('oauth_codes').where('expires_at', '<', now).execute();
  await ctx.db
    .insertInto('oauth_codes')
    .values({
      code_hash: sha256(code),
      client_id: client.client_id,
      user_id: auth.userId,
      redirect_uri: redirectUri,
      code_challenge: challenge ?? null,
      created_at: now,
      expires_at: isoIn(Math.min(ctx.config.oauthCodeTtlSeconds, MAX_CODE_TTL_SECONDS) * 1000),
      used_at: null,
      session_id: null,
    })
    .execute();
  await audit(ctx, auth.userId, 'sso.code_issued', null, { clientId: client.client_id });
  return withParameters(redirectUri, { code, state });
}

/**
 * POST oauth/token, for the authenticated client `clientId`.
 * @throws OAuthTokenError unsupported_grant_type; invalid_request (no code or redirect_uri, another
 *   client_id in the body); invalid_grant (unknown, expired, used, another client's, another redirect
 *   URI, wrong or missing PKCE verifier, banned player)
 */
export async function exchangeCode(
  ctx: AppContext,
  clientId: string,
  request: OAuthTokenRequest,
  origin: { ip: string | null; userAgent: string | null },
): Promise<OAuthTokenResponse> {
  if (request.grant_type !== 'authorization_code') {
    throw new OAuthTokenError('unsupported_grant_type', 'ERROR_OAUTH_REQUEST_INVALID');
  }
  if (!request.code || !request.redirect_uri || (request.client_id && request.client_id !== clientId)) {
    throw new OAuthTokenError('invalid_request', 'ERROR_OAUTH_REQUEST_INVALID');
  }
  const codeHash = sha256(request.code);
  const now = isoNow();
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('oauth_codes')
      .innerJoin('users', 'users.id', 'oauth_codes.user_id')
      .selectAll('oauth_codes')
      .select(['users.id_user', 'users.banned_at'])
      .where('code_hash', '=', codeHash)
      .executeTakeFirst();
    if (!row) return 'invalid' as const;
    if (row.used_at !== null) {
      // A replay: whoever holds the code now may not keep what its first exchange gave.
      if (row.session_id) await revokeSessions(trx, { sessionId: row.session_id });
      return { replayed: row.user_id } as const;
    }
    const verifierOk =
      row.code_challenge === null || s256(request.code_verifier ?? '') === row.code_challenge;
    if (
      row.client_id !== clientId ||
      row.expires_at <= now ||
      row.redirect_uri !== request.redirect_uri ||
      !verifierOk ||
      row.banned_at !== null
    ) {
      return 'invalid' as const;
    }
    const claimed = await trx
      .updateTable('oauth_codes')
      .set({ used_at: now })
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return 'invalid' as const;
    const user = await trx
      .selectFrom('users')
      .selectAll()
      .where('id', '=', row.user_id)
      .executeTakeFirstOrThrow();
    const identity = await createSession({ ...ctx, db: trx }, user, { ...origin, clientId });
    const session = await trx
      .selectFrom('sessions')
      .select('id')
      .where('identity_hash', '=', sha256(identity))
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('oauth_codes')
      .set({ session_id: session.id })
      .where('code_hash', '=', codeHash)
      .execute();
    return { identity, userId: row.user_id, idUser: row.id_user };
  });
  if (outcome === 'invalid') throw new OAuthTokenError('invalid_grant', 'ERROR_OAUTH_GRANT_INVALID');
  if ('replayed' in outcome) {
    await audit(ctx, outcome.replayed ?? null, 'sso.code_replayed', origin.ip, { clientId });
    throw new OAuthTokenError('invalid_grant', 'ERROR_OAUTH_GRANT_INVALID');
  }
  await audit(ctx, outcome.userId, 'sso.code_redeemed', origin.ip, { clientId });
  const token = await tokenForIdentity(ctx, outcome.identity);
  return {
    access_token: token.Value,
    token_type: 'Bearer',
    expires_in: token.ExpiresIn,
    refresh_token: token.Refresh,
    Id_User: outcome.idUser,
  };
}
