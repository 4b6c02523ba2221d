/**
 * Sessions and tokens (spec §3 Token, §4 Session; DESIGN.md §5). A log-in creates a session whose
 * identity handle (`Created`, 256 random bits) only the player holds; the store keeps its SHA-256.
 * GET token/{identity} mints a 15-minute access JWT and a rotating refresh token; a refresh token used
 * twice revokes the whole session.
 */
import type { Token, TokenRefreshResponse } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.ts';
import { randomToken, sha256, uuid } from '../../lib/crypto.ts';
import { badRequest } from '../../lib/errors.ts';
import { DAY_MS, isoIn, isoNow } from '../../lib/time.ts';
import { audit } from '../../lib/audit.ts';

/** Where a session comes from (for audit and the token audience). */
export interface SessionOrigin {
  clientId: string;
  ip: string | null;
  userAgent: string | null;
}

/** Creates a session for `user`; returns the identity handle (`Created`). */
export async function createSession(ctx: AppContext, user: UserRow, origin: SessionOrigin): Promise<string> {
  const identity = randomToken(32);
  await ctx.db
    .insertInto('sessions')
    .values({
      id: uuid(),
      user_id: user.id,
      identity_hash: sha256(identity),
      client_id: origin.clientId,
      created_at: isoNow(),
      expires_at: isoIn(ctx.config.sessionTtlDays * DAY_MS),
      revoked_at: null,
      access_expires_at: null,
      ip: origin.ip,
      user_agent: origin.userAgent?.slice(0, 512) ?? null,
    })
    .execute();
  await audit(ctx, user.id, 'session.created', origin.ip, { clientId: origin.clientId });
  return identity;
}

async function newRefreshToken(
  ctx: AppContext,
  sessionId: string,
  sessionExpiresAt: string,
): Promise<string> {
  const refresh = randomToken(32);
  await ctx.db
    .insertInto('refresh_tokens')
    .values({
      session_id: sessionId,
      token_hash: sha256(refresh),
      created_at: isoNow(),
      expires_at: sessionExpiresAt,
      used_at: null,
      revoked_at: null,
    })
    .execute();
  return refresh;
}

/**
 * GET token/{identity}: the token of an active session.
 * @throws 400 ERROR_TOKEN_INVALID when the handle is unknown, revoked or expired, or the user is gone or banned
 */
export async function tokenForIdentity(ctx: AppContext, identity: string): Promise<Token> {
  const now = isoNow();
  const session = await ctx.db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id',
      'sessions.client_id',
      'sessions.expires_at',
      'sessions.access_expires_at',
      'users.id_user',
      'users.email_confirmed_at',
      'users.banned_at',
    ])
    .where('sessions.identity_hash', '=', sha256(identity))
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst();
  if (!session || session.banned_at) throw badRequest('ERROR_TOKEN_INVALID');
  const { jwt, expiresAt } = await ctx.accessTokens.issue(
    { sub: session.id_user, sid: session.id, aud: session.client_id },
    ctx.config.accessTokenTtlSeconds,
  );
  const refresh = await ctx.db.transaction().execute(async (trx) => {
    const scoped = { ...ctx, db: trx };
    // Supersede (not "use") the previous refresh tokens of this session: only the newest stays valid.
    await trx
      .updateTable('refresh_tokens')
      .set({ revoked_at: now })
      .where('session_id', '=', session.id)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .execute();
    await trx
      .updateTable('sessions')
      .set({ access_expires_at: expiresAt.toISOString() })
      .where('id', '=', session.id)
      .execute();
    return newRefreshToken(scoped, session.id, session.expires_at);
  });
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

/**
 * GET token/refresh: rotates the refresh token and mints a new access token.
 * @throws 400 ERROR_TOKEN_INVALID (bad access token or client) or ERROR_TOKEN_INVALID_REFRESH
 *   (unknown, expired, revoked or reused refresh token — reuse revokes the session)
 */
export async function refreshTokens(
  ctx: AppContext,
  query: { access_token: string; refresh_token: string; client_id: string },
): Promise<TokenRefreshResponse> {
  const claims = await ctx.accessTokens.verifyIgnoringExpiry(query.access_token);
  if (!claims || claims.aud !== query.client_id) throw badRequest('ERROR_TOKEN_INVALID');
  const now = isoNow();
  const result = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('refresh_tokens')
      .innerJoin('sessions', 'sessions.id', 'refresh_tokens.session_id')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select([
        'users.banned_at',
        'refresh_tokens.id',
        'refresh_tokens.used_at',
        'refresh_tokens.revoked_at',
        'refresh_tokens.expires_at',
        'sessions.id as session_id',
        'sessions.client_id',
        'sessions.revoked_at as session_revoked_at',
        'sessions.expires_at as session_expires_at',
      ])
      .where('refresh_tokens.token_hash', '=', sha256(query.refresh_token))
      .executeTakeFirst();
    if (!row || row.session_id !== claims.sid || row.client_id !== query.client_id) return 'invalid' as const;
    if (row.used_at !== null) {
      // Reuse of a rotated refresh token: someone else holds the family. Revoke the session.
      await trx.updateTable('sessions').set({ revoked_at: now }).where('id', '=', row.session_id).execute();
      return 'reused' as const;
    }
    if (row.revoked_at !== null || row.session_revoked_at !== null || row.expires_at <= now)
      return 'invalid' as const;
    // Like GET token/{identity}: an expired session or a banned player gets no new token.
    if (row.session_expires_at <= now || row.banned_at !== null) return 'invalid' as const;
    const claimed = await trx
      .updateTable('refresh_tokens')
      .set({ used_at: now })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return 'invalid' as const;
    const refresh = await newRefreshToken({ ...ctx, db: trx }, row.session_id, row.session_expires_at);
    return { refresh, sessionId: row.session_id };
  });
  if (result === 'reused') {
    await audit(ctx, null, 'session.refresh_reuse_revoked', null, { sessionId: claims.sid });
    throw badRequest('ERROR_TOKEN_INVALID_REFRESH');
  }
  if (result === 'invalid') throw badRequest('ERROR_TOKEN_INVALID_REFRESH');
  const { jwt, expiresAt } = await ctx.accessTokens.issue(
    { sub: claims.sub, sid: result.sessionId, aud: query.client_id },
    ctx.config.accessTokenTtlSeconds,
  );
  await ctx.db
    .updateTable('sessions')
    .set({ access_expires_at: expiresAt.toISOString() })
    .where('id', '=', result.sessionId)
    .execute();
  return {
    AccessToken: jwt,
    Refresh: result.refresh,
    ExprireAt: expiresAt.toISOString(),
    ExpiresIn: ctx.config.accessTokenTtlSeconds,
  };
}

/** Which sessions {@link revokeSessions} ends. */
export type SessionSelection = { sessionId: string } | { userId: number; exceptSessionId?: string };

/**
 * Revokes the selected active sessions and their refresh tokens (log-out: one session; password
 * change: the player's others; deletion: all of them). Runs in `db`, which may be the caller's
 * transaction so that the revocation commits with the change that caused it.
 */
export async function revokeSessions(db: Kysely<Database>, selection: SessionSelection): Promise<void> {
  const now = isoNow();
  let sessions = db.selectFrom('sessions').select('id').where('revoked_at', 'is', null);
  if ('sessionId' in selection) sessions = sessions.where('id', '=', selection.sessionId);
  else {
    sessions = sessions.where('user_id', '=', selection.userId);
    if (selection.exceptSessionId) sessions = sessions.where('id', '!=', selection.exceptSessionId);
  }
  const ids = (await sessions.execute()).map((row) => row.id);
  if (ids.length === 0) return;
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('session_id', 'in', ids)
    .where('revoked_at', 'is', null)
    .execute();
  await db.updateTable('sessions').set({ revoked_at: now }).where('id', 'in', ids).execute();
}

/** Revokes one session and its refresh tokens (log-out). */
export async function revokeSession(ctx: AppContext, sessionId: string): Promise<void> {
  await ctx.db.transaction().execute((trx) => revokeSessions(trx, { sessionId }));
}
