/**
 * The hub's token endpoint (RFC 6749 §3.2), its code exchange (spec §1 Single sign-on, §7 token/refresh and token/verify; RFC 6749 §4.1.3,
 * §4.1.4, §5; RFC 7636 §4.5–§4.6): a partner site's server, authenticated as its client (routes.ts),
 * trades a code of GET oauth (authorization-endpoint.ts) once for a session of that client — an access token whose
 * audience is the client and a rotating refresh token, minted like GET token/{identity} does, so that
 * GET token/refresh and GET token/verify work with the client's id. The claim of the code, the session,
 * the tokens and the audit event are one transaction. A replayed code revokes the session its first
 * exchange opened (RFC 6749 §4.1.2).
 */
import type {
  ErrorCode,
  OAuthTokenErrorCode,
  OAuthTokenRequest,
  OAuthTokenResponse,
} from '@guildgate/contracts';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { findUserById } from '../accounts/index.ts';
import { audit } from '../audit/index.ts';
import { isoNow } from '../../lib/time.ts';
import { mintTokens, openSession, PARTNER_SCOPE, revokeSessions } from '../session/index.ts';
import { claimToken, findToken, tokenHash } from '../single-use-tokens/index.ts';
import { verifierMatches } from './authorization-endpoint.ts';
import { AUTHORIZATION_CODE_KIND, setCodeSession } from './store.ts';

/** A refused token request (RFC 6749 §5.2): the OAuth `error`, our §8 code and the field concerned. */
export class OAuthTokenRefusal extends Error {
  readonly error: Exclude<OAuthTokenErrorCode, 'invalid_client'>;
  readonly code: ErrorCode;
  /** The request parameter at fault ('' when general). */
  readonly property: string;

  constructor(error: OAuthTokenRefusal['error'], code: ErrorCode, property = '') {
    super(error);
    this.name = 'OAuthTokenRefusal';
    this.error = error;
    this.code = code;
    this.property = property;
  }
}

/** invalid_request on `property`: a missing, repeated or contradictory parameter. */
export function invalidRequest(property: string): OAuthTokenRefusal {
  return new OAuthTokenRefusal('invalid_request', 'ERROR_OAUTH_REQUEST_INVALID', property);
}

/** invalid_grant: the code cannot be exchanged (which check failed is not told). */
function invalidGrant(): OAuthTokenRefusal {
  return new OAuthTokenRefusal('invalid_grant', 'ERROR_OAUTH_GRANT_INVALID');
}

/** Where the access token request comes from (audit, and the session's ip and user agent). */
export interface TokenRequestOrigin {
  ip: string | null;
  userAgent: string | null;
}

/**
 * A code presented again (or claimed by a concurrent exchange first): revokes the session its first
 * exchange opened, when there is one, and records `sso.code_replayed`.
 */
async function refuseReplay(
  trx: Kysely<Database>,
  codeHash: string,
  clientId: string,
  origin: TokenRequestOrigin,
): Promise<void> {
  const row = await findToken(trx, AUTHORIZATION_CODE_KIND, { hash: codeHash });
  if (!row) return;
  if (row.session_id) await revokeSessions(trx, { sessionId: row.session_id });
  await audit({ db: trx }, row.user_id, 'sso.code_replayed', origin.ip, {
    clientId,
    codeClientId: row.client_id,
    sessionId: row.session_id,
  });
}

/**
 * POST oauth/token, the access token request (RFC 6749 §4.1.3) of the authenticated client `clientId`,
 * answered by the access token response (§4.1.4) or an error response (§5.2).
 * @param request the token request (grant_type, code, redirect_uri, code_verifier; client_id when given
 *   must be `clientId`)
 * @returns RFC 6749 §5.1 answer: access_token (EdDSA JWT, aud = clientId), token_type Bearer,
 *   expires_in (seconds), refresh_token, scope (`openid profile`), and the player's Id_User
 * @throws OAuthTokenRefusal — invalid_request (no grant_type, code or redirect_uri; another
 *   client_id), unsupported_grant_type (not authorization_code), invalid_grant (unknown, expired, used,
 *   another client's code, another redirect URI, wrong or missing PKCE verifier, a code stored
 *   without a challenge, banned player)
 */
export async function handleAccessTokenRequest(
  ctx: AppContext,
  clientId: string,
  request: OAuthTokenRequest,
  origin: TokenRequestOrigin,
): Promise<OAuthTokenResponse> {
  if (!request.grant_type) throw invalidRequest('grant_type');
  if (request.grant_type !== 'authorization_code') {
    throw new OAuthTokenRefusal('unsupported_grant_type', 'ERROR_OAUTH_REQUEST_INVALID', 'grant_type');
  }
  if (!request.code) throw invalidRequest('code');
  if (!request.redirect_uri) throw invalidRequest('redirect_uri');
  if (request.client_id !== undefined && request.client_id !== clientId) throw invalidRequest('client_id');

  const codeHash = tokenHash(request.code);
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const now = isoNow();
    const row = await findToken(trx, AUTHORIZATION_CODE_KIND, { hash: codeHash });
    const player = row && (await findUserById(trx, row.user_id));
    if (!row || !player) return null;
    if (row.used_at !== null) {
      // Whoever presents a used code may not keep what its first exchange gave (RFC 6749 §4.1.2).
      await refuseReplay(trx, codeHash, clientId, origin);
      return null;
    }
    // PKCE is required (RFC 9700 §2.1.1): a code stored without a challenge is never exchanged.
    const verifierOk =
      row.code_challenge !== null && verifierMatches(request.code_verifier, row.code_challenge);
    if (
      row.client_id !== clientId ||
      row.expires_at <= now ||
      row.redirect_uri !== request.redirect_uri ||
      !verifierOk ||
      player.banned_at !== null
    ) {
      return null;
    }
    // The claim: of concurrent exchanges of one code, exactly one updates the row.
    const claimed = await claimToken(trx, AUTHORIZATION_CODE_KIND, { hash: codeHash }, { now });
    if (!claimed) {
      await refuseReplay(trx, codeHash, clientId, origin);
      return null;
    }
    const scoped = { ...ctx, db: trx };
    const session = await openSession(scoped, { id: row.user_id }, { ...origin, clientId });
    await setCodeSession(trx, codeHash, session.id);
    const tokens = await mintTokens(scoped, {
      id: session.id,
      clientId,
      idUser: player.id_user,
      expiresAt: session.expiresAt,
    });
    await audit(scoped, row.user_id, 'sso.code_redeemed', origin.ip, { clientId, sessionId: session.id });
    return { tokens, idUser: player.id_user };
  });
  if (!outcome) throw invalidGrant();
  return {
    access_token: outcome.tokens.jwt,
    token_type: 'Bearer',
    expires_in: ctx.config.accessTokenTtlSeconds,
    scope: PARTNER_SCOPE,
    refresh_token: outcome.tokens.refresh,
    Id_User: outcome.idUser,
  };
}
