/**
 * The operator console's players (issue 24 §2; contracts admin-players.ts; docs/operations.md "Staff and
 * the operator console"): finding a player (GET admin/players), the player's page (GET
 * admin/players/{idUser}) and lifting a log-in lock (POST admin/players/{idUser}/lift-lock). Players are
 * named by their public Id_User; the store's numbers never leave. Each part comes from the module that
 * owns it, through its index.ts: the record and the search look-ups (accounts), linked accounts
 * (linking), sessions and the log-in throttle (session), the "Download my data" document (data-export),
 * the staff audit trail (audit).
 */
import { z } from 'zod';
import {
  AdminIdUserSchema,
  ADMIN_PAGE,
  type AdminPlayerBan,
  type AdminPlayerDetail,
  type AdminPlayerProfile,
  type AdminPlayerSearchResponse,
  type AdminPlayerSummary,
  type AdminPlayerThrottle,
  type PlayerMatchKind,
  type StaffRole,
} from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import type { UserRow } from '../../db/schema.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import {
  findUserByEmail,
  findUserByIdUser,
  findUsersById,
  findUsersBySsoId,
  findUsersByUsernamePrefix,
  normalizeUsername,
} from '../accounts/index.ts';
import { auditStaffAction, latestStaffChange } from '../audit/index.ts';
import { buildPlayerDataExport } from '../data-export/index.ts';
import { holderOfProviderAccount } from '../linking/index.ts';
import { activeSessionsOfPlayer, liftLoginThrottle, loginThrottleState } from '../session/index.ts';
import { findStaffRolesOf, type StaffCaller } from '../staff/index.ts';

/** 404 ERROR_USER_UNKNOWN: no player has the Id_User of the path. */
function unknownPlayer(): AppError {
  return new AppError(404, [{ Property: '', ErrorMessage: 'ERROR_USER_UNKNOWN' }]);
}

/** The player with public id `idUser`. @throws 404 ERROR_USER_UNKNOWN when none has it */
async function playerOf(ctx: Pick<AppContext, 'db'>, idUser: string): Promise<UserRow> {
  const user = await findUserByIdUser(ctx.db, idUser);
  if (!user) throw unknownPlayer();
  return user;
}

// ---- GET admin/players -------------------------------------------------------------------------

/** The two parts of the results, in order: the exact matches, then the username prefix matches. */
const EXACT = 0;
const PREFIX = 1;
type Part = typeof EXACT | typeof PREFIX;

/**
 * A search cursor: the part (`EXACT` or `PREFIX`) and the lower-cased username of the last result
 * shown (`username_normalized`: unique, the order of both parts), as base64url of its JSON.
 */
const SearchCursorSchema = z.tuple([z.union([z.literal(EXACT), z.literal(PREFIX)]), z.string().max(512)]);
type SearchCursor = z.infer<typeof SearchCursorSchema>;

/** The cursor of the page after the result `cursor` names. */
function encodeSearchCursor(cursor: SearchCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

/**
 * The position a cursor of {@link encodeSearchCursor} names.
 * @throws 400 ERROR_CURSOR_INVALID on `cursor` when it is not one
 */
function decodeSearchCursor(cursor: string): SearchCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest('ERROR_CURSOR_INVALID', 'cursor');
  }
  const position = SearchCursorSchema.safeParse(parsed);
  if (!position.success) throw badRequest('ERROR_CURSOR_INVALID', 'cursor');
  return position.data;
}

/** A player found, and how. */
interface Match {
  user: UserRow;
  matchedBy: PlayerMatchKind;
}

/**
 * The players `q` names exactly — by Id_User (when `q` is a UUID), e-mail address (normalised as the
 * accounts module does), a partner's single-sign-on subject, a linked SteamID — each once, with its
 * strongest match (contracts `PLAYER_MATCH_KINDS` order), by lower-cased username. A handful at most:
 * each look-up is a unique index's.
 */
async function exactMatches(ctx: Pick<AppContext, 'db'>, q: string): Promise<Match[]> {
  const found = new Map<number, Match>();
  const add = (user: UserRow | undefined, matchedBy: PlayerMatchKind) => {
    if (user && !found.has(user.id)) found.set(user.id, { user, matchedBy });
  };
  if (AdminIdUserSchema.safeParse(q).success) add(await findUserByIdUser(ctx.db, q.toLowerCase()), 'id');
  add(await findUserByEmail(ctx.db, q), 'email');
  for (const user of await findUsersBySsoId(ctx.db, q)) add(user, 'sso');
  const steamHolder = await holderOfProviderAccount(ctx.db, 'steam', q);
  if (steamHolder !== undefined) add((await findUsersById(ctx.db, [steamHolder])).at(0), 'steam');
  return [...found.values()].sort((a, b) =>
    a.user.username_normalized < b.user.username_normalized ? -1 : 1,
  );
}

/** `matches` as the console lists them, with each player's staff role. */
async function summaries(
  ctx: Pick<AppContext, 'db'>,
  matches: readonly Match[],
): Promise<AdminPlayerSummary[]> {
  const roles = new Map<number, StaffRole>(
    (
      await findStaffRolesOf(
        ctx.db,
        matches.map((m) => m.user.id),
      )
    ).map((row) => [row.user_id, row.role]),
  );
  return matches.map(({ user, matchedBy }) => ({
    Id_User: user.id_user,
    Username: user.username,
    Email: user.email,
    EmailConfirmed: user.email_confirmed_at !== null,
    CreatedAt: user.created_at,
    Banned: user.banned_at !== null,
    StaffRole: roles.get(user.id) ?? null,
    MatchedBy: matchedBy,
  }));
}

/**
 * GET admin/players: a page of the players `q` finds (issue 24 §2) — the exact matches (Id_User, e-mail,
 * partner sign-on subject, SteamID) first, then the players whose username starts with `q`
 * (case-insensitive) in username order; each player once (its strongest match), every branch an index
 * look-up (accounts/player-search.ts, migration 0026). Keyset pagination: the cursor names the last
 * result shown.
 * @param query `q` (trimmed, 1…254 characters: the route's schema), `limit` (1…{@link ADMIN_PAGE}.max),
 *   the previous page's `cursor`
 * @throws 400 ERROR_CURSOR_INVALID on `cursor` when it is not one this call gave
 */
export async function searchPlayers(
  ctx: Pick<AppContext, 'db' | 'dialect'>,
  query: { q: string; limit: number; cursor?: string | undefined },
): Promise<AdminPlayerSearchResponse> {
  const limit = Math.min(query.limit, ADMIN_PAGE.max);
  const after = query.cursor === undefined ? undefined : decodeSearchCursor(query.cursor);
  const exact = await exactMatches(ctx, query.q);
  const exactLeft =
    after === undefined
      ? exact
      : after[0] === EXACT
        ? exact.filter((m) => m.user.username_normalized > after[1])
        : [];
  const prefix =
    exactLeft.length > limit
      ? []
      : await findUsersByUsernamePrefix(ctx.db, ctx.dialect, {
          prefix: normalizeUsername(query.q),
          after: after?.[0] === PREFIX ? after[1] : undefined,
          excludeIds: exact.map((m) => m.user.id),
          limit: limit + 1 - exactLeft.length,
        });
  const rows = [
    ...exactLeft.map((m): Match & { part: Part } => ({ ...m, part: EXACT })),
    ...prefix.map((user): Match & { part: Part } => ({ user, matchedBy: 'username', part: PREFIX })),
  ];
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    Players: await summaries(ctx, page),
    NextCursor:
      rows.length > limit && last ? encodeSearchCursor([last.part, last.user.username_normalized]) : null,
  };
}

// ---- GET admin/players/{idUser} ------------------------------------------------------------------

/** The record as support sees it (never the password hash, the look-up keys or internal ids). */
function profileOf(user: UserRow): AdminPlayerProfile {
  return {
    Id_User: user.id_user,
    Username: user.username,
    Email: user.email,
    Locale: user.locale,
    EmailConfirmed: user.email_confirmed_at !== null,
    EmailConfirmedAt: user.email_confirmed_at,
    CreatedAt: user.created_at,
    UpdatedAt: user.updated_at,
    Firstname: user.firstname,
    Lastname: user.lastname,
    DateOfBirth: user.date_of_birth,
    AvatarUrl: user.avatar_url,
    AuthType: user.auth_type,
    AuthPartner: user.auth_partner,
    SsoId: user.sso_id,
    StudioName: user.studio_name,
    ClientId: user.client_id,
    HasPassword: user.password_hash !== null,
    NewsletterConsent: user.newsletter_optin === 1,
    DevicesForgottenAt: user.devices_forgotten_at,
  };
}

/** The player's ban: since when, and the reason of the latest console ban (none by the operator command). */
async function banOf(ctx: Pick<AppContext, 'db'>, user: UserRow): Promise<AdminPlayerBan> {
  if (user.banned_at === null) return { Banned: false, Since: null, Reason: null };
  return {
    Banned: true,
    Since: user.banned_at,
    Reason: await latestStaffChange(ctx.db, user.id, 'staff.player_banned', 'reason'),
  };
}

/**
 * GET admin/players/{idUser}: the player's page (issue 24 §2; contracts `AdminPlayerDetail`) — the
 * record, the ban, the staff role, the second factors, the active sessions, the log-in throttle, and
 * `Data`, their "Download my data" document built by the data-export module (its second factors and
 * staff role sections give `SecondFactors` and `StaffRole`). Reading it is not audited: it changes
 * nothing, and the player's own export event (`account.exported`) is not written.
 * @throws 404 ERROR_USER_UNKNOWN when no player has `idUser`
 */
export async function playerPage(ctx: AppContext, idUser: string): Promise<AdminPlayerDetail> {
  const user = await playerOf(ctx, idUser);
  const player = { id: user.id, idUser: user.id_user };
  const data = await buildPlayerDataExport(ctx, player);
  return {
    Player: profileOf(user),
    Ban: await banOf(ctx, user),
    StaffRole: (data.staffRole?.role as StaffRole | undefined) ?? null,
    SecondFactors: {
      Totp: data.secondFactors.authenticatorApp,
      Passkeys: data.secondFactors.passkeys.length,
      RecoveryCodesLeft: data.secondFactors.recoveryCodesLeft,
    },
    Sessions: await activeSessionsOfPlayer(ctx, user.id),
    Throttle: await loginThrottleState(ctx, player),
    Data: data,
  };
}

// ---- POST admin/players/{idUser}/lift-lock ------------------------------------------------------

/**
 * POST admin/players/{idUser}/lift-lock (issue 24 §2): forgets the failures counted on the player's
 * account and the series and back-off of each address of their failed log-ins (session module
 * `liftLoginThrottle`), with the staff audit event `staff.player_lock_lifted` — `accountFailures` and
 * `addressFailures` (their sum over the addresses) before → `0`, and the `reason` when given. The event
 * is written in a transaction that commits after the counters are forgotten: a failure to forget them
 * leaves no event. The counters live outside the SQL store (Redis, PostgreSQL's `rate_limits` or
 * memory), so they cannot join the transaction itself.
 * @param reason the staff member's reason (trimmed by the schema; empty: none)
 * @returns the throttle's state after the lift
 * @throws 404 ERROR_USER_UNKNOWN when no player has `idUser`
 */
export async function liftLock(
  ctx: AppContext,
  caller: StaffCaller,
  idUser: string,
  reason: string | undefined,
  ip: string,
): Promise<AdminPlayerThrottle> {
  const user = await playerOf(ctx, idUser);
  const player = { id: user.id, idUser: user.id_user };
  const before = await loginThrottleState(ctx, player);
  const addressFailures = before.Addresses.reduce((sum, address) => sum + address.Failures, 0);
  await ctx.db.transaction().execute(async (trx) => {
    await auditStaffAction(trx, {
      type: 'staff.player_lock_lifted',
      actor: { kind: 'staff', userId: caller.userId },
      targetUserId: user.id,
      changes: [
        { field: 'accountFailures', from: String(before.AccountFailures), to: '0' },
        { field: 'addressFailures', from: String(addressFailures), to: '0' },
        ...(reason ? [{ field: 'reason', from: null, to: reason }] : []),
      ],
      ip,
    });
    await liftLoginThrottle(ctx, player, trx);
  });
  return loginThrottleState(ctx, player);
}
