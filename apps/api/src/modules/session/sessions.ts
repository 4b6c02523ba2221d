/**
 * Sessions and tokens (spec §3 Token, §4 Session; DESIGN.md §5). A log-in creates a session whose
 * identity handle (`Created`, 256 random bits) only the player holds; the store keeps its SHA-256.
 * GET token/{identity} mints a 15-minute access JWT and a rotating refresh token ({@link mintTokens},
 * shared with the hub's code exchange, which opens partner sessions with {@link openSession}); a refresh
 * token used twice revokes the whole session.
 */
import type { Token, TokenRefreshResponse } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.ts';
import { openWithSecret, randomToken, sealWithSecret, sha256, uuid } from '../../lib/crypto.ts';
import { badRequest } from '../../lib/errors.ts';
import { DAY_MS, isoIn, isoNow } from '../../lib/time.ts';
import { findUserById } from '../accounts/index.ts';
import { audit } from '../audit/index.ts';
import { claimToken, findToken, issueToken } from '../single-use-tokens/index.ts';
import { PARTNER_SCOPE, PORTAL_SCOPE } from './access-tokens.ts';
import {
  findActiveSessionIds,
  findRefreshTokenForRotation,
  findSessionByIdentity,
  insertSession,
  recordAccessIssued,
  REFRESH_TOKEN_KIND,
  revokeSessionRow,
  revokeSessionsById,
  setRefreshSuccessor,
  supersedeRefreshTokens,
  type SessionSelection,
} from './store.ts';

/**
 * The idle cutoff (docs/security.md "Sessions"): a session whose `last_used_at` is not after it has
 * ended, though its 30-day lifetime (spec §9) may run on — `SESSION_IDLE_DAYS` without getting tokens.
 * @returns ISO 8601 UTC
 */
export function idleCutoff(ctx: Pick<AppContext, 'config'>): string {
  return new Date(Date.now() - ctx.config.sessionIdleDays * DAY_MS).toISOString();
}

/** Where a request comes from (the session's record and audit). */
export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
}

/** Where a session comes from: the request, and the client its tokens are for (their audience). */
export interface SessionOrigin extends RequestOrigin {
  clientId: string;
  /** When the player proved their password for it (ISO 8601), or null (a partner client's session). */
  authTime?: string | null;
}

/**
 * The scope of the tokens of `clientId`'s sessions (access-tokens.ts): {@link PORTAL_SCOPE} for the
 * portal's own client, {@link PARTNER_SCOPE} for a partner client.
 */
export function scopeOfClient(ctx: Pick<AppContext, 'config'>, clientId: string): string {
  return clientId === ctx.config.portalClientId ? PORTAL_SCOPE : PARTNER_SCOPE;
}

/** A session just opened by {@link openSession}. */
export interface OpenedSession {
  /** sessions.id (the access tokens' `sid`). */
  id: string;
  /** The identity handle (`Created`, 256 random bits); the store keeps only its SHA-256. */
  identity: string;
  /** When the session ends, ISO 8601 UTC (`SESSION_TTL_DAYS` from now). */
  expiresAt: string;
}

/**
 * Opens a session for `user` and writes its `session.created` audit event (`{ clientId, userAgent }`). Runs in `ctx.db`, which may
 * be the caller's transaction (the hub's code exchange opens a partner session in its own).
 */
export async function openSession(
  ctx: AppContext,
  user: Pick<UserRow, 'id'>,
  origin: SessionOrigin,
): Promise<OpenedSession> {
  const identity = randomToken(32);
  const session = { id: uuid(), identity, expiresAt: isoIn(ctx.config.sessionTtlDays * DAY_MS) };
  const now = isoNow();
  await insertSession(ctx.db, {
    id: session.id,
    user_id: user.id,
    identity_hash: sha256(identity),
    client_id: origin.clientId,
    created_at: now,
    expires_at: session.expiresAt,
    revoked_at: null,
    access_expires_at: null,
    last_used_at: now,
    ip: origin.ip,
    user_agent: origin.userAgent?.slice(0, 512) ?? null,
    auth_time: origin.authTime ?? null,
  });
  await audit(ctx, user.id, 'session.created', origin.ip, {
    clientId: origin.clientId,
    userAgent: origin.userAgent?.slice(0, 512) ?? null,
  });
  return session;
}

/**
 * Opens a portal session for `user` (a log-in at the portal: password, second step, passkey, partner
 * studio sign-on, or a registration's ticket); returns its identity handle (`Created`). Its tokens are
 * always the portal client's, whatever client the log-in form named: only POST oauth/token opens a
 * partner's session. The log-in is the session's first proof of authentication (`auth_time`,
 * reauthentication.ts) — unless `fullyAuthenticated` is false (a player with a second factor whose
 * remembered device skipped it: the password alone does not step up, issue 22 §4).
 */
export async function createSession(
  ctx: AppContext,
  user: UserRow,
  origin: RequestOrigin,
  options: { fullyAuthenticated?: boolean } = {},
): Promise<string> {
  const opened = await openSession(ctx, user, {
    ...origin,
    clientId: ctx.config.portalClientId,
    authTime: options.fullyAuthenticated === false ? null : isoNow(),
  });
  return opened.identity;
}

/** Inserts a new refresh token of `sessionId` valid until `sessionExpiresAt`; returns it in clear. */
async function newRefreshToken(
  ctx: Pick<AppContext, 'db'>,
  sessionId: string,
  sessionExpiresAt: string,
): Promise<string> {
  return issueToken(ctx.db, REFRESH_TOKEN_KIND, {
    session_id: sessionId,
    created_at: isoNow(),
    expires_at: sessionExpiresAt,
    used_at: null,
    revoked_at: null,
  });
}

/** What {@link mintTokens} needs to know of a session. */
export interface MintableSession {
  /** sessions.id (`sid`). */
  id: string;
  /** The session's client: the access token's audience (`aud`). */
  clientId: string;
  /** The player's public id (`sub`). */
  idUser: string;
  /** The session's end, ISO 8601 UTC: the refresh token's expiry. */
  expiresAt: string;
}

/** Tokens minted by {@link mintTokens}. */
export interface MintedTokens {
  /** The access JWT (EdDSA; `iss`, `sub`, `sid`, `aud`), valid `accessTokenTtlSeconds`. */
  jwt: string;
  /** When the access token expires. */
  expiresAt: Date;
  /** The new opaque refresh token (256 bits; the store keeps its SHA-256). */
  refresh: string;
}

/**
 * Mints the tokens of `session` (DESIGN.md §5): an access token whose audience is the session's client
 * (its scope that client's, {@link scopeOfClient}) and a new refresh token, which supersedes the session's previous unused ones (only the newest stays
 * valid); records the access token's expiry on the session. Shared by GET token/{identity} and the
 * hub's code exchange (POST oauth/token). Writes in `ctx.db`: pass a transaction.
 */
export async function mintTokens(ctx: AppContext, session: MintableSession): Promise<MintedTokens> {
  const now = isoNow();
  const { jwt, expiresAt } = await ctx.accessTokens.issue(
    {
      sub: session.idUser,
      sid: session.id,
      aud: session.clientId,
      scope: scopeOfClient(ctx, session.clientId),
    },
    ctx.config.accessTokenTtlSeconds,
  );
  await supersedeRefreshTokens(ctx.db, session.id, now);
  await recordAccessIssued(ctx.db, session.id, expiresAt.toISOString(), now);
  const refresh = await newRefreshToken(ctx, session.id, session.expiresAt);
  return { jwt, expiresAt, refresh };
}

/**
 * GET token/{identity}: the token of an active session.
 * @throws 400 ERROR_TOKEN_INVALID when the handle is unknown, revoked or expired, or the user is gone or banned
 */
export async function tokenForIdentity(ctx: AppContext, identity: string): Promise<Token> {
  const now = isoNow();
  const session = await findSessionByIdentity(ctx.db, sha256(identity), now, idleCutoff(ctx));
  if (!session || session.banned_at) throw badRequest('ERROR_TOKEN_INVALID');
  const { jwt, expiresAt, refresh } = await ctx.db.transaction().execute((trx) =>
    mintTokens(
      { ...ctx, db: trx },
      {
        id: session.id,
        clientId: session.client_id,
        idUser: session.id_user,
        expiresAt: session.expires_at,
      },
    ),
  );
  return {
    Value: jwt,
    Refresh: refresh,
    Id_User: session.id_user,
    Validated: session.email_confirmed_at !== null,
    Refreshed: session.access_expires_at !== null && session.access_expires_at <= now,
    ExprireAt: expiresAt.toISOString(),
    ExpiresIn: ctx.config.accessTokenTtlSeconds,
  };
}

/** The player signed in at the portal, as {@link portalPlayerOfIdentity} finds them. */
export interface PortalPlayer {
  /** Internal users.id. */
  userId: number;
  /** Public Id_User. */
  idUser: string;
  sessionId: string;
  /** The session's last proof of the password (ISO 8601 UTC), or null. */
  authTime: string | null;
}

/**
 * The player whose portal session the identity handle `identity` (the `_g2g_identity_` cookie, spec §4
 * Session) names, when it is active (not revoked, expired or idle), the portal client's, and its player
 * not banned — the checks of GET token/{identity}. Used by the OpenID Provider's interaction
 * (modules/oidc) to recognise the player in the browser.
 * @returns null otherwise
 */
export async function portalPlayerOfIdentity(
  ctx: AppContext,
  identity: string,
): Promise<PortalPlayer | null> {
  const session = await findSessionByIdentity(ctx.db, sha256(identity), isoNow(), idleCutoff(ctx));
  if (!session || session.banned_at || session.client_id !== ctx.config.portalClientId) return null;
  return {
    userId: session.user_id,
    idUser: session.id_user,
    sessionId: session.id,
    authTime: session.auth_time,
  };
}

/** The purpose a successor is sealed under (lib/crypto.ts `sealWithSecret`). */
const SUCCESSOR_PURPOSE = 'refresh successor';

/** What one refresh attempt decided inside its transaction. */
type RefreshOutcome = { refresh: string; sessionId: string } | 'invalid' | 'reused';

/**
 * The successor a used refresh token got, when it is presented again within the grace interval and the
 * successor is still unused and valid; null otherwise (a reuse to punish).
 */
async function successorInGrace(
  ctx: AppContext,
  trx: Kysely<Database>,
  presented: string,
  used: { used_at: string | null; successor_sealed: string | null; session_id: string },
): Promise<string | null> {
  const graceMs = ctx.config.refreshReuseGraceSeconds * 1000;
  if (graceMs === 0 || !used.used_at || !used.successor_sealed) return null;
  if (Date.now() - Date.parse(used.used_at) > graceMs) return null;
  const successor = openWithSecret(presented, SUCCESSOR_PURPOSE, used.successor_sealed);
  if (!successor) return null;
  const row = await findToken(trx, REFRESH_TOKEN_KIND, successor);
  const live = row && row.session_id === used.session_id && row.used_at === null && row.revoked_at === null;
  return live && row.expires_at > isoNow() ? successor : null;
}

/**
 * GET token/refresh: rotates the refresh token and mints a new access token. A refresh token presented
 * again after its use revokes the session (someone else holds the family, DESIGN.md §5) — except within
 * `refreshReuseGraceSeconds` of that use, while its successor is unused: then it answers that same
 * successor (two tabs refreshing at once both stay signed in, as Auth0's reuse interval and Okta's grace
 * period allow). The successor is kept only sealed under a key derived from the used token.
 * @throws 400 ERROR_TOKEN_INVALID (bad access token or client) or ERROR_TOKEN_INVALID_REFRESH
 *   (unknown, expired, revoked or reused refresh token — a reuse outside the grace revokes the session)
 */
export async function refreshTokens(
  ctx: AppContext,
  query: { access_token: string; refresh_token: string; client_id: string },
): Promise<TokenRefreshResponse> {
  const claims = await ctx.accessTokens.verifyIgnoringExpiry(query.access_token);
  if (!claims || claims.aud !== query.client_id) throw badRequest('ERROR_TOKEN_INVALID');
  const presentedHash = sha256(query.refresh_token);
  const now = isoNow();
  const result = await ctx.db.transaction().execute(async (trx): Promise<RefreshOutcome> => {
    const readRow = () => findRefreshTokenForRotation(trx, presentedHash);
    const row = await readRow();
    if (!row || row.session_id !== claims.sid || row.client_id !== query.client_id) return 'invalid';
    // Like GET token/{identity}: an ended (or idle) session or a banned player gets no new token.
    if (
      row.session_revoked_at !== null ||
      row.session_expires_at <= now ||
      (row.session_last_used_at ?? '') <= idleCutoff(ctx) ||
      row.banned_at !== null
    )
      return 'invalid';
    const reuse = async (used: NonNullable<Awaited<ReturnType<typeof readRow>>>): Promise<RefreshOutcome> => {
      const successor = await successorInGrace(ctx, trx, query.refresh_token, used);
      if (successor) return { refresh: successor, sessionId: used.session_id };
      await revokeSessionRow(trx, used.session_id, now);
      return 'reused';
    };
    if (row.used_at !== null) return reuse(row);
    if (row.revoked_at !== null || row.expires_at <= now) return 'invalid';
    const claimed = await claimToken(trx, REFRESH_TOKEN_KIND, { hash: presentedHash }, { now });
    if (!claimed) {
      // A concurrent refresh used it first (committed meanwhile): this one is the second tab.
      const used = await readRow();
      return used ? reuse(used) : 'invalid';
    }
    const refresh = await newRefreshToken({ ...ctx, db: trx }, row.session_id, row.session_expires_at);
    await setRefreshSuccessor(trx, row.id, sealWithSecret(query.refresh_token, SUCCESSOR_PURPOSE, refresh));
    return { refresh, sessionId: row.session_id };
  });
  if (result === 'reused') {
    await ctx.verifiedTokens.forgetPlayer(claims.sub);
    await audit(ctx, null, 'session.refresh_reuse_revoked', null, { sessionId: claims.sid });
    throw badRequest('ERROR_TOKEN_INVALID_REFRESH');
  }
  if (result === 'invalid') throw badRequest('ERROR_TOKEN_INVALID_REFRESH');
  const { jwt, expiresAt } = await ctx.accessTokens.issue(
    {
      sub: claims.sub,
      sid: result.sessionId,
      aud: query.client_id,
      scope: scopeOfClient(ctx, query.client_id),
    },
    ctx.config.accessTokenTtlSeconds,
  );
  await recordAccessIssued(ctx.db, result.sessionId, expiresAt.toISOString(), now);
  return {
    AccessToken: jwt,
    Refresh: result.refresh,
    ExprireAt: expiresAt.toISOString(),
    ExpiresIn: ctx.config.accessTokenTtlSeconds,
  };
}

/** Which sessions {@link revokeSessions} ends. */
export type { SessionSelection };

/**
 * Revokes the selected active sessions and their refresh tokens (log-out: one session; password
 * change: the player's others; deletion: all of them). Runs in `db`, which may be the caller's
 * transaction so that the revocation commits with the change that caused it; once it has committed, the
 * caller calls `ctx.verifiedTokens.forgetPlayer` (verified-tokens.ts) before answering.
 */
export async function revokeSessions(db: Kysely<Database>, selection: SessionSelection): Promise<void> {
  const ids = await findActiveSessionIds(db, selection);
  await revokeSessionsById(db, ids, isoNow());
}

/** Revokes one session of player `idUser` and its refresh tokens (log-out), and forgets its tokens. */
export async function revokeSession(ctx: AppContext, sessionId: string, idUser: string): Promise<void> {
  await ctx.db.transaction().execute((trx) => revokeSessions(trx, { sessionId }));
  await ctx.verifiedTokens.forgetPlayer(idUser);
}

/**
 * Signs player `player` out everywhere (issue 24 §2, staff's "sign out everywhere"): revokes every
 * session and refresh token of theirs — portal and partner — in one transaction with `inTransaction`
 * (the caller's audit event), then forgets their verified tokens, so that every node refuses their
 * access tokens at once, and tells the sign-out listeners (the OpenID Provider's sessions and the
 * partner sites' back-channel log-out, after the answer).
 * @returns how many sessions were not revoked yet (expired ones included)
 */
export async function signOutEverywhere(
  ctx: AppContext,
  player: Pick<UserRow, 'id' | 'id_user'>,
  inTransaction: (trx: Kysely<Database>, sessions: number) => Promise<void>,
): Promise<number> {
  const count = await ctx.db.transaction().execute(async (trx) => {
    const ids = await findActiveSessionIds(trx, { userId: player.id });
    await revokeSessionsById(trx, ids, isoNow());
    await inTransaction(trx, ids.length);
    return ids.length;
  });
  await ctx.verifiedTokens.forgetPlayer(player.id_user);
  ctx.signOuts.signedOut(player.id_user);
  return count;
}

/** The partner studio's session cookie on the main domain (spec §4 Logout), e.g. `_g2g_partner_focus_`. */
export function partnerCookieName(partner: string): string {
  return `_g2g_partner_${partner.toLowerCase().replace(/[^a-z0-9]+/g, '_')}_`;
}

/**
 * POST log/user/{id}/log-out: revokes the caller's session and its refresh tokens, writes the
 * `session.logged_out` audit event and tells the sign-out listeners (`ctx.signOuts`: the OpenID
 * Provider ends the player's sessions there and sends the back-channel logout tokens, after the answer).
 * @returns CookieName: the partner studio's session cookie to clear too (spec §4 Logout), or null for a
 *   player without a partner
 */
export async function logOut(
  ctx: AppContext,
  auth: { userId: number; sessionId: string; idUser: string },
  ip: string | null,
): Promise<{ CookieName: string | null }> {
  await revokeSession(ctx, auth.sessionId, auth.idUser);
  await audit(ctx, auth.userId, 'session.logged_out', ip);
  const user = await findUserById(ctx.db, auth.userId);
  if (user) ctx.signOuts.signedOut(user.id_user);
  const authPartner = user?.auth_partner ?? null;
  return { CookieName: authPartner ? partnerCookieName(authPartner) : null };
}
