/**
 * The hub's code exchange (spec §1 Single sign-on, §7 token/refresh and token/verify; RFC 6749 §4.1.3,
 * §4.1.4, §5; RFC 7636 §4.5–§4.6): a partner site's server, authenticated as its client (routes.ts),
 * trades a code of GET oauth (codes.ts) once for a session of that client — an access token whose
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
import { audit } from '../../lib/audit.ts';
import { sha256 } from '../../lib/crypto.ts';
import { isoNow } from '../../lib/time.ts';
import { mintTokens, openSession, revokeSessions } from '../session/sessions.ts';
import { verifierMatches } from './codes.ts';
import { PARTNER_SCOPE } from '../session/access-tokens.ts';

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

/** Where the exchange request comes from (audit, and the session's ip and user agent). */
export interface ExchangeOrigin {
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
  origin: ExchangeOrigin,
): Promise<void> {
  const row = await trx
    .selectFrom('oauth_codes')
    .select(['user_id', 'client_id', 'session_id'])
    .where('code_hash', '=', codeHash)
    .executeTakeFirst();
  if (!row) return;
  if (row.session_id) await revokeSessions(trx, { sessionId: row.session_id });
  await audit({ db: trx }, row.user_id, 'sso.code_replayed', origin.ip, {
    clientId,
    codeClientId: row.client_id,
    sessionId: row.session_id,
  });
}

/**
 * POST oauth/token, for the authenticated client `clientId`.
 * @param request the token request (grant_type, code, redirect_uri, code_verifier; client_id when given
 *   must be `clientId`)
 * @returns RFC 6749 §5.1 answer: access_token (EdDSA JWT, aud = clientId), token_type Bearer,
 *   expires_in (seconds), refresh_token, scope (`openid profile`), and the player's Id_User
 * @throws OAuthTokenRefusal — invalid_request (no grant_type, code or redirect_uri; another
 *   client_id), unsupported_grant_type (not authorization_code), invalid_grant (unknown, expired, used,
 *   another client's code, another redirect URI, wrong or missing PKCE verifier, a code stored
 *   without a challenge, banned player)
 */
export async function exchangeCode(
  ctx: AppContext,
  clientId: string,
  request: OAuthTokenRequest,
  origin: ExchangeOrigin,
): Promise<OAuthTokenResponse> {
  if (!request.grant_type) throw invalidRequest('grant_type');
  if (request.grant_type !== 'authorization_code') {
    throw new OAuthTokenRefusal('unsupported_grant_type', 'ERROR_OAUTH_REQUEST_INVALID', 'grant_type');
  }
  if (!request.code) throw invalidRequest('code');
  if (!request.redirect_uri) throw invalidRequest('redirect_uri');
  if (request.client_id !== undefined && request.client_id !== clientId) throw invalidRequest('client_id');

  const codeHash = sha256(request.code);
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const now = isoNow();
    const row = await trx
      .selectFrom('oauth_codes')
      .innerJoin('users', 'users.id', 'oauth_codes.user_id')
      .selectAll('oauth_codes')
      .select(['users.id_user', 'users.banned_at'])
      .where('code_hash', '=', codeHash)
      .executeTakeFirst();
    if (!row) return null;
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
      row.banned_at !== null
    ) {
      return null;
    }
    // The claim: of concurrent exchanges of one code, exactly one updates the row.
    const claimed = await trx
      .updateTable('oauth_codes')
      .set({ used_at: now })
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) {
      await refuseReplay(trx, codeHash, clientId, origin);
      return null;
    }
    const scoped = { ...ctx, db: trx };
    const session = await openSession(scoped, { id: row.user_id }, { ...origin, clientId });
    await trx
      .updateTable('oauth_codes')
      .set({ session_id: session.id })
      .where('code_hash', '=', codeHash)
      .execute();
    const tokens = await mintTokens(scoped, {
      id: session.id,
      clientId,
      idUser: row.id_user,
      expiresAt: session.expiresAt,
    });
    await audit(scoped, row.user_id, 'sso.code_redeemed', origin.ip, { clientId, sessionId: session.id });
    return { tokens, idUser: row.id_user };
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
