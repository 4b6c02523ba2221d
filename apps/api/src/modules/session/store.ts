/**
 * The store of the session module (spec §3 Token, §4 Session; DESIGN.md §5): sessions (`sessions`, found
 * by the SHA-256 of their identity handle or by id), their rotating refresh tokens (`refresh_tokens`,
 * single-use tokens, see {@link REFRESH_TOKEN_KIND}) and the access tokens' signing keys
 * (`signing_keys`). Every function takes `db`, which may be the caller's transaction.
 */
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, SessionsTable, SigningKeysTable } from '../../db/schema.ts';
import type { SingleUseTokenKind } from '../single-use-tokens/index.ts';

/**
 * How refresh tokens are stored: `refresh_tokens` by `token_hash`, expiring with their session, used
 * once by GET token/refresh. Rotation differs from the other single-use tokens (sessions.ts): a used
 * token presented again revokes its session unless it comes within the grace interval while its sealed
 * successor is unused; a new token revokes (`revoked_at`) the session's unused ones.
 */
export const REFRESH_TOKEN_KIND: SingleUseTokenKind<'refresh_tokens'> = {
  table: 'refresh_tokens',
  hashColumn: 'token_hash',
  expiresColumn: 'expires_at',
  usedColumn: 'used_at',
};

// ---- sessions ----------------------------------------------------------------------------------

/** Inserts a new session. */
export async function insertSession(db: Kysely<Database>, session: Insertable<SessionsTable>): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

/** Records that session `sessionId` got an access token valid until `accessExpiresAt` at `now`. */
export async function recordAccessIssued(
  db: Kysely<Database>,
  sessionId: string,
  accessExpiresAt: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ access_expires_at: accessExpiresAt, last_used_at: now })
    .where('id', '=', sessionId)
    .execute();
}

/** Sets session `sessionId`'s last proof of authentication (`auth_time`, ISO 8601). */
export async function setAuthTime(db: Kysely<Database>, sessionId: string, authTime: string): Promise<void> {
  await db.updateTable('sessions').set({ auth_time: authTime }).where('id', '=', sessionId).execute();
}

/** Which sessions a revocation selects (sessions.ts `revokeSessions`). */
export type SessionSelection = { sessionId: string } | { userId: number; exceptSessionId?: string };

/** The ids of the active (not revoked) sessions `selection` names. */
export async function findActiveSessionIds(
  db: Kysely<Database>,
  selection: SessionSelection,
): Promise<string[]> {
  let sessions = db.selectFrom('sessions').select('id').where('revoked_at', 'is', null);
  if ('sessionId' in selection) sessions = sessions.where('id', '=', selection.sessionId);
  else {
    sessions = sessions.where('user_id', '=', selection.userId);
    if (selection.exceptSessionId) sessions = sessions.where('id', '!=', selection.exceptSessionId);
  }
  return (await sessions.execute()).map((row) => row.id);
}

/** What the player sees of one of their sessions (issue 22 §5 "Where you're signed in"). */
export type PlayerSessionRow = Pick<
  Selectable<SessionsTable>,
  'id' | 'ip' | 'user_agent' | 'created_at' | 'last_used_at'
>;

/**
 * The active sessions of player `userId` for client `clientId` — not revoked, not expired at `now`,
 * used after `idleCutoff` (the checks of {@link findSessionByIdentity}) — most recently used first; or,
 * with `sessionId`, only that one when it is such a session of that player.
 */
export async function findActiveSessionsOfPlayer(
  db: Kysely<Database>,
  selection: { userId: number; clientId: string; sessionId?: string },
  now: string,
  idleCutoff: string,
): Promise<PlayerSessionRow[]> {
  let sessions = db
    .selectFrom('sessions')
    .select(['id', 'ip', 'user_agent', 'created_at', 'last_used_at'])
    .where('user_id', '=', selection.userId)
    .where('client_id', '=', selection.clientId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .where('last_used_at', '>', idleCutoff);
  if (selection.sessionId !== undefined) sessions = sessions.where('id', '=', selection.sessionId);
  return sessions.orderBy('last_used_at', 'desc').orderBy('created_at', 'desc').execute();
}

/** Revokes sessions `ids` and their refresh tokens not revoked yet, at `now`. */
export async function revokeSessionsById(
  db: Kysely<Database>,
  ids: readonly string[],
  now: string,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('session_id', 'in', ids)
    .where('revoked_at', 'is', null)
    .execute();
  await db.updateTable('sessions').set({ revoked_at: now }).where('id', 'in', ids).execute();
}

/** Revokes session `sessionId` alone, at `now` (a refresh token's reuse). */
export async function revokeSessionRow(db: Kysely<Database>, sessionId: string, now: string): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', sessionId).execute();
}

/**
 * Whether player `userId` (internal users.id) ever had a session, in whatever state (sessions are kept
 * until the account is deleted): a password log-in of a player without one is their first, which the
 * new-device alert does not announce (issue 22 §6).
 */
export async function hasEverHadSession(db: Kysely<Database>, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .select('id')
    .where('user_id', '=', userId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Deletes every session of player `userId` and their refresh tokens (account deletion). */
export async function deleteSessionsOf(db: Kysely<Database>, userId: number): Promise<void> {
  const sessionIds = db.selectFrom('sessions').select('id').where('user_id', '=', userId);
  await db.deleteFrom('refresh_tokens').where('session_id', 'in', sessionIds).execute();
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

// ---- refresh_tokens ----------------------------------------------------------------------------

/** Revokes the unused, unrevoked refresh tokens of session `sessionId` at `now` (a newer one replaces them). */
export async function supersedeRefreshTokens(
  db: Kysely<Database>,
  sessionId: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('session_id', '=', sessionId)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Keeps the successor of used refresh token `id`, sealed (sessions.ts). */
export async function setRefreshSuccessor(
  db: Kysely<Database>,
  id: number,
  successorSealed: string,
): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ successor_sealed: successorSealed })
    .where('id', '=', id)
    .execute();
}

// ---- signing_keys ------------------------------------------------------------------------------

/** The oldest stored signing key of algorithm `alg` (the one every node uses), if any. */
export async function findOldestSigningKey(
  db: Kysely<Database>,
  alg: 'EdDSA' | 'RS256' = 'EdDSA',
): Promise<Selectable<SigningKeysTable> | undefined> {
  return db
    .selectFrom('signing_keys')
    .selectAll()
    .where('alg', '=', alg)
    .orderBy('created_at')
    .orderBy('kid')
    .executeTakeFirst();
}

/** Inserts a signing key unless one with its kid exists. */
export async function insertSigningKeyIfAbsent(
  db: Kysely<Database>,
  key: Insertable<SigningKeysTable>,
): Promise<void> {
  await db
    .insertInto('signing_keys')
    .values(key)
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The stored keys of algorithm `alg`, oldest first. */
export async function listSigningKeysOf(
  db: Kysely<Database>,
  alg: 'EdDSA' | 'RS256',
): Promise<Selectable<SigningKeysTable>[]> {
  return db
    .selectFrom('signing_keys')
    .selectAll()
    .where('alg', '=', alg)
    .orderBy('created_at')
    .orderBy('kid')
    .execute();
}

/** Every stored key's public description (no private part), oldest first. */
export async function describeStoredSigningKeys(
  db: Kysely<Database>,
): Promise<
  Pick<Selectable<SigningKeysTable>, 'kid' | 'alg' | 'created_at' | 'activates_at' | 'retires_at'>[]
> {
  return db
    .selectFrom('signing_keys')
    .select(['kid', 'alg', 'created_at', 'activates_at', 'retires_at'])
    .orderBy('alg')
    .orderBy('created_at')
    .execute();
}

/**
 * Plans the retirement at `retiresAt` of the keys of `alg` that have none planned, or a later one, and
 * are not `except`.
 */
export async function planSigningKeyRetirement(
  db: Kysely<Database>,
  alg: 'EdDSA' | 'RS256',
  except: string,
  retiresAt: string,
): Promise<void> {
  await db
    .updateTable('signing_keys')
    .set({ retires_at: retiresAt })
    .where('alg', '=', alg)
    .where('kid', '!=', except)
    .where((eb) => eb.or([eb('retires_at', 'is', null), eb('retires_at', '>', retiresAt)]))
    .execute();
}

/** Deletes the keys of `alg` retired before `before` (ISO 8601 UTC). */
export async function deleteSigningKeysRetiredBefore(
  db: Kysely<Database>,
  alg: 'EdDSA' | 'RS256',
  before: string,
): Promise<void> {
  await db.deleteFrom('signing_keys').where('alg', '=', alg).where('retires_at', '<', before).execute();
}

/** Every stored signing key's kid and (sealed or plain) private JWK. */
export async function listSigningKeys(
  db: Kysely<Database>,
): Promise<Pick<Selectable<SigningKeysTable>, 'kid' | 'private_jwk'>[]> {
  return db.selectFrom('signing_keys').select(['kid', 'private_jwk']).execute();
}

/**
 * Replaces signing key `kid`'s stored private JWK `previous` by `next` (no change when another node
 * replaced it first).
 */
export async function replaceSigningKeyJwk(
  db: Kysely<Database>,
  kid: string,
  previous: string,
  next: string,
): Promise<void> {
  await db
    .updateTable('signing_keys')
    .set({ private_jwk: next })
    .where('kid', '=', kid)
    .where('private_jwk', '=', previous)
    .execute();
}

// ---- sessions with their player ---------------------------------------------------------------
// The player record belongs to the accounts module, which alone writes and looks up `users`. These
// three reads join it only to return the player's public id, confirmation and ban in the same query as
// the session or refresh token they authenticate: every authenticated call and every token/verify and
// token/refresh runs one of them, so a second round-trip to accounts would double their store time.

/**
 * The active session whose identity handle hashes to `identityHash`: not revoked, not expired at `now`,
 * used after `idleCutoff`; with its player's public id, e-mail confirmation and ban.
 */
export async function findSessionByIdentity(
  db: Kysely<Database>,
  identityHash: string,
  now: string,
  idleCutoff: string,
) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id',
      'sessions.client_id',
      'sessions.expires_at',
      'sessions.access_expires_at',
      'sessions.auth_time',
      'sessions.user_id',
      'users.id_user',
      'users.email_confirmed_at',
      'users.banned_at',
    ])
    .where('sessions.identity_hash', '=', identityHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    .where('sessions.last_used_at', '>', idleCutoff)
    .executeTakeFirst();
}

/** Session `sessionId` when not revoked nor expired at `now`, with its player's public id, username and ban. */
export async function findActiveSessionWithPlayer(db: Kysely<Database>, sessionId: string, now: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id',
      'sessions.user_id',
      'sessions.client_id',
      'sessions.auth_time',
      'sessions.expires_at',
      'users.id_user',
      'users.username',
      'users.banned_at',
    ])
    .where('sessions.id', '=', sessionId)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst();
}

/**
 * The refresh token that hashes to `tokenHash` in any state, with its session and its player's ban
 * (GET token/refresh).
 */
export async function findRefreshTokenForRotation(db: Kysely<Database>, tokenHash: string) {
  return db
    .selectFrom('refresh_tokens')
    .innerJoin('sessions', 'sessions.id', 'refresh_tokens.session_id')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'users.banned_at',
      'refresh_tokens.id',
      'refresh_tokens.used_at',
      'refresh_tokens.revoked_at',
      'refresh_tokens.expires_at',
      'refresh_tokens.successor_sealed',
      'sessions.id as session_id',
      'sessions.client_id',
      'sessions.revoked_at as session_revoked_at',
      'sessions.expires_at as session_expires_at',
      'sessions.last_used_at as session_last_used_at',
    ])
    .where('refresh_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/**
 * Player `userId`'s sessions (issue 22 §8 export), newest first: client, address, user agent and times —
 * never the identity hash nor a refresh token.
 */
export function sessionsOfPlayer(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('sessions')
    .select([
      'client_id',
      'ip',
      'user_agent',
      'created_at',
      'last_used_at',
      'auth_time',
      'expires_at',
      'revoked_at',
    ])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
}
