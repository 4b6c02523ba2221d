/**
 * "Where you're signed in" (issue 22 §5): the player's active portal sessions and signing them out from
 * the account's Security page, behind the `securitySessions` flag.
 *
 * - Active means what GET token/{identity} accepts: not revoked, not expired, not idle
 *   ({@link idleCutoff}), and the portal client's.
 * - Signing a session out revokes it and its refresh tokens in one transaction with its audit event
 *   ({@link revokeSessions}), so its access token is refused by the next call (plugins/auth.ts reads the
 *   session on every call) and its identity handle and refresh token get nothing more.
 * - The sign-out listeners (`ctx.signOuts`, lib/sign-outs.ts) are NOT told: their one listener, the
 *   OpenID Provider's back-channel log-out (modules/oidc/backchannel.ts), ends every provider session of
 *   the player, as it cannot tell which browser holds which (a provider session does not record the
 *   portal session it was opened from) — it would sign the caller out of the partner sites too, which a
 *   "sign out that other device" must not do. The signed-out browser's provider session cannot sign in
 *   anywhere any more: the provider asks for a log-in whenever the browser's portal session has ended
 *   (modules/oidc/provider.ts, the `portal_session` check). docs/security.md "Sessions" says so.
 * - Session ids (`sessions.id`, the access tokens' `sid`) are random UUIDs that no call accepts as a
 *   credential; another player's id answers as an unknown one, so nothing tells it exists.
 */
import type { AccountSession, AdminPlayerSession } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { isoNow } from '../../lib/time.ts';
import { describeDevice } from '../../lib/user-agents.ts';
import { audit } from '../audit/index.ts';
import { idleCutoff, revokeSessions, type RequestOrigin } from './sessions.ts';
import { findActiveSessionsOfPlayer } from './store.ts';

/** The caller of a Security-page call: internal users.id and their own session (`sid`). */
export interface SessionCaller {
  userId: number;
  sessionId: string;
  /** Public Id_User (the verified tokens to forget, verified-tokens.ts). */
  idUser: string;
}

/** @throws 404 ERROR_NOT_FOUND when the `securitySessions` flag is off (the calls do not exist then) */
function requireSessionsSection(ctx: Pick<AppContext, 'config'>): void {
  if (!ctx.config.features.securitySessions) throw notFound();
}

/** The caller's agent, cut as sessions keep it, for the audit event's detail (never a secret). */
function agentOf(origin: RequestOrigin): string | null {
  return origin.userAgent?.slice(0, 512) ?? null;
}

/**
 * GET account/sessions: the caller's active portal sessions, their own first ("This device"), then the
 * most recently used first; each with the device parsed from the log-in's User-Agent.
 * @throws 404 ERROR_NOT_FOUND when the flag is off
 */
export async function listAccountSessions(ctx: AppContext, caller: SessionCaller): Promise<AccountSession[]> {
  requireSessionsSection(ctx);
  const rows = await findActiveSessionsOfPlayer(
    ctx.db,
    { userId: caller.userId, clientId: ctx.config.portalClientId },
    isoNow(),
    idleCutoff(ctx),
  );
  const sessions = rows.map((row) => ({
    SessionId: row.id,
    Device: describeDevice(row.user_agent),
    Ip: row.ip,
    CreatedAt: row.created_at,
    LastUsedAt: row.last_used_at ?? row.created_at,
    Current: row.id === caller.sessionId,
  }));
  return [...sessions.filter((s) => s.Current), ...sessions.filter((s) => !s.Current)];
}

/**
 * POST account/sessions/{sessionId}/sign-out: revokes another active session of the caller and its
 * refresh tokens, with the audit event `session.signed_out_remotely` (`{ sessionId, userAgent }`: the
 * session ended, the caller's agent), in one transaction.
 * @throws 400 ERROR_SESSION_UNKNOWN on `sessionId` when it is not an active session of the caller (an
 *   unknown id, another player's, an ended one) or is the caller's own (that is POST log/user/{id}/log-out)
 * @throws 404 ERROR_NOT_FOUND when the flag is off
 */
export async function signOutSession(
  ctx: AppContext,
  caller: SessionCaller,
  sessionId: string,
  origin: RequestOrigin,
): Promise<void> {
  requireSessionsSection(ctx);
  if (sessionId === caller.sessionId) throw badRequest('ERROR_SESSION_UNKNOWN', 'sessionId');
  await ctx.db.transaction().execute(async (trx) => {
    const session = (
      await findActiveSessionsOfPlayer(
        trx,
        { userId: caller.userId, clientId: ctx.config.portalClientId, sessionId },
        isoNow(),
        idleCutoff(ctx),
      )
    ).at(0);
    if (!session) throw badRequest('ERROR_SESSION_UNKNOWN', 'sessionId');
    await revokeSessions(trx, { sessionId: session.id });
    await audit({ db: trx }, caller.userId, 'session.signed_out_remotely', origin.ip, {
      sessionId: session.id,
      userAgent: agentOf(origin),
    });
  });
  await ctx.verifiedTokens.forgetPlayer(caller.idUser);
}

/**
 * POST account/sessions/sign-out-others ("Sign out everywhere else"): revokes every session of the
 * caller but their own — ended ones are left as they are — with the audit event
 * `session.signed_out_others` (`{ sessions, userAgent }`), in one transaction. The caller's session and
 * their provider sessions stay (see the module comment).
 * @returns how many active sessions were signed out (expired and idle ones are revoked too, uncounted)
 * @throws 404 ERROR_NOT_FOUND when the flag is off
 */
export async function signOutOtherSessions(
  ctx: AppContext,
  caller: SessionCaller,
  origin: RequestOrigin,
): Promise<number> {
  requireSessionsSection(ctx);
  const signedOut = await ctx.db.transaction().execute(async (trx) => {
    const active = await findActiveSessionsOfPlayer(
      trx,
      { userId: caller.userId, clientId: ctx.config.portalClientId },
      isoNow(),
      idleCutoff(ctx),
    );
    const others = active.filter((session) => session.id !== caller.sessionId);
    await revokeSessions(trx, { userId: caller.userId, exceptSessionId: caller.sessionId });
    await audit({ db: trx }, caller.userId, 'session.signed_out_others', origin.ip, {
      sessions: others.length,
      userAgent: agentOf(origin),
    });
    return others.length;
  });
  await ctx.verifiedTokens.forgetPlayer(caller.idUser);
  return signedOut;
}

/**
 * The active portal sessions of player `userId` (internal users.id) as their Security page lists them
 * (issue 24 §2, the operator console's player page; contracts `AdminPlayerSession`): active as
 * {@link listAccountSessions} means it, the most recently used first, each with the device parsed from
 * its log-in's User-Agent, its address, and its first and last use (ISO 8601 UTC). Shown whatever the
 * `securitySessions` flag.
 */
export async function activeSessionsOfPlayer(ctx: AppContext, userId: number): Promise<AdminPlayerSession[]> {
  const rows = await findActiveSessionsOfPlayer(
    ctx.db,
    { userId, clientId: ctx.config.portalClientId },
    isoNow(),
    idleCutoff(ctx),
  );
  return rows.map((row) => ({
    SessionId: row.id,
    Device: describeDevice(row.user_agent),
    Ip: row.ip,
    CreatedAt: row.created_at,
    LastUsedAt: row.last_used_at ?? row.created_at,
  }));
}
