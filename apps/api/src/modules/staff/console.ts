/**
 * The operator console's calls of slice 1 (issue 24; contracts admin.ts), behind the staff guard
 * (guard.ts): who the caller is (GET admin/me), the staff list (GET admin/staff), granting, changing
 * and revoking roles (PUT/DELETE admin/staff/{idUser}, roles.ts), and the staff audit trail (GET
 * admin/audit, modules/audit staff-audit.ts). Players are named by their public Id_User and current
 * username, looked up through the accounts module; the store's numbers never leave.
 */
import {
  ADMIN_PAGE,
  permissionsOf,
  type AdminMeResponse,
  type AdminPlayerRef,
  type StaffActor,
  type StaffAuditEvent,
  type StaffAuditResponse,
  type StaffMember,
  type StaffListResponse,
  type StaffRole,
} from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import type { UserRow } from '../../db/schema.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursors.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { findUserByIdUser, findUsersById, findUsersByIdUser, getUserById } from '../accounts/index.ts';
import {
  changesOf,
  DELETED_PLAYER_MARK,
  detailsOf,
  reasonOf,
  staffAuditPage,
  subjectOf,
  type StaffAuditRow,
} from '../audit/index.ts';
import type { StaffCaller } from './guard.ts';
import { OPERATOR_COMMAND, revokeStaffRole, setStaffRole } from './roles.ts';
import { listStaffRoles, type StaffRoleRow } from './store.ts';

/** 404 ERROR_USER_UNKNOWN: no player has the Id_User of the path or query. */
function unknownPlayer(): AppError {
  return new AppError(404, [{ Property: '', ErrorMessage: 'ERROR_USER_UNKNOWN' }]);
}

/** The player with public id `idUser`. @throws 404 ERROR_USER_UNKNOWN when none has it */
async function playerOf(ctx: Pick<AppContext, 'db'>, idUser: string): Promise<UserRow> {
  const user = await findUserByIdUser(ctx.db, idUser);
  if (!user) throw unknownPlayer();
  return user;
}

/** Who granted a role, from `staff_roles.granted_by` and the granters' rows by Id_User. */
function granterOf(grantedBy: string, byIdUser: ReadonlyMap<string, UserRow>): StaffActor {
  if (grantedBy === OPERATOR_COMMAND) return { Kind: 'operator', Id_User: null, Username: null };
  if (grantedBy === DELETED_PLAYER_MARK) return { Kind: 'staff', Id_User: null, Username: null };
  return { Kind: 'staff', Id_User: grantedBy, Username: byIdUser.get(grantedBy)?.username ?? null };
}

/** `rows` as the console shows them (a row whose player is gone meanwhile is left out). */
async function describeStaff(
  ctx: Pick<AppContext, 'db'>,
  rows: readonly StaffRoleRow[],
): Promise<StaffMember[]> {
  const members = new Map(
    (
      await findUsersById(
        ctx.db,
        rows.map((r) => r.user_id),
      )
    ).map((u) => [u.id, u]),
  );
  const granters = new Map(
    (await findUsersByIdUser(ctx.db, [...new Set(rows.map((r) => r.granted_by))])).map((u) => [u.id_user, u]),
  );
  return rows.flatMap((row): StaffMember[] => {
    const user = members.get(row.user_id);
    if (!user) return [];
    return [
      {
        Id_User: user.id_user,
        Username: user.username,
        Role: row.role,
        GrantedBy: granterOf(row.granted_by, granters),
        GrantedAt: row.granted_at,
      },
    ];
  });
}

/** GET admin/me: the caller, their role, its permissions and until when they are let in. */
export async function describeCaller(
  ctx: Pick<AppContext, 'db'>,
  caller: StaffCaller,
): Promise<AdminMeResponse> {
  const user = await getUserById(ctx.db, caller.userId);
  return {
    Id_User: user.id_user,
    Username: user.username,
    Role: caller.role,
    Permissions: permissionsOf(caller.role),
    AuthenticatedUntil: caller.authenticatedUntil,
  };
}

/**
 * GET admin/staff: a page of staff, latest grants first.
 * @param query `limit` (1…{@link ADMIN_PAGE}.max) and the previous page's `cursor`
 * @throws 400 ERROR_CURSOR_INVALID on `cursor` when it is not one this call gave
 */
export async function staffPage(
  ctx: Pick<AppContext, 'db'>,
  query: { limit: number; cursor?: string | undefined },
): Promise<StaffListResponse> {
  const limit = Math.min(query.limit, ADMIN_PAGE.max);
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  const rows = await listStaffRoles(ctx.db, {
    ...(after ? { after: { grantedAt: after.createdAt, userId: after.id } } : {}),
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    Staff: await describeStaff(ctx, page),
    NextCursor:
      rows.length > limit && last ? encodeCursor({ createdAt: last.granted_at, id: last.user_id }) : null,
  };
}

/**
 * PUT admin/staff/{idUser}: gives the player `role` (roles.ts `setStaffRole`, the caller as changer).
 * @returns the staff member after the change, and whether the role is new to them (201) or not (200)
 * @throws 404 ERROR_USER_UNKNOWN; 403 ERROR_STAFF_ROLE_INSUFFICIENT, 400 ERROR_STAFF_OWN_ADMIN_ROLE
 */
export async function putStaffRole(
  ctx: Pick<AppContext, 'db' | 'dialect'>,
  caller: StaffCaller,
  idUser: string,
  role: StaffRole,
  ip: string,
): Promise<{ member: StaffMember; created: boolean }> {
  const target = await playerOf(ctx, idUser);
  const change = await setStaffRole(
    ctx,
    { kind: 'staff', userId: caller.userId, idUser: caller.idUser },
    target.id,
    role,
    ip,
  );
  const member = change.row ? (await describeStaff(ctx, [change.row])).at(0) : undefined;
  // The row was just written for an existing player (a deletion meanwhile would be a race: 404 then).
  if (!member) throw unknownPlayer();
  return { member, created: change.outcome === 'granted' };
}

/**
 * DELETE admin/staff/{idUser}: revokes the player's role (roles.ts `revokeStaffRole`).
 * @throws 404 ERROR_USER_UNKNOWN (no such player), ERROR_NOT_FOUND (the player has no role);
 *   403 ERROR_STAFF_ROLE_INSUFFICIENT, 400 ERROR_STAFF_OWN_ADMIN_ROLE
 */
export async function deleteStaffRoleOf(
  ctx: Pick<AppContext, 'db' | 'dialect'>,
  caller: StaffCaller,
  idUser: string,
  ip: string,
): Promise<void> {
  const target = await playerOf(ctx, idUser);
  const change = await revokeStaffRole(
    ctx,
    { kind: 'staff', userId: caller.userId, idUser: caller.idUser },
    target.id,
    ip,
  );
  if (change.outcome === 'none') throw notFound();
}

/** A player of the trail by internal id (null: erased since), with their current public id and name. */
function playerRefOf(userId: number | null, users: ReadonlyMap<number, UserRow>): AdminPlayerRef {
  const user = userId === null ? undefined : users.get(userId);
  return { Id_User: user?.id_user ?? null, Username: user?.username ?? null };
}

/** `rows` of the staff audit trail as the console shows them. */
async function describeEvents(
  ctx: Pick<AppContext, 'db'>,
  rows: readonly StaffAuditRow[],
): Promise<StaffAuditEvent[]> {
  const ids = rows.flatMap((r) => [r.actor_user_id, r.target_user_id]).filter((id) => id !== null);
  const users = new Map((await findUsersById(ctx.db, [...new Set(ids)])).map((u) => [u.id, u]));
  return rows.map((row): StaffAuditEvent => {
    const subject = subjectOf(row);
    return {
      Id: String(row.id),
      Type: row.type,
      At: row.created_at,
      Ip: row.ip,
      Actor:
        row.actor_kind === 'operator'
          ? { Kind: 'operator', Id_User: null, Username: null }
          : { Kind: 'staff', ...playerRefOf(row.actor_user_id, users) },
      // A setting's event (issue 24 §3) names no player.
      Target: subject === null ? playerRefOf(row.target_user_id, users) : null,
      Changes: changesOf(row).map((c) => ({ Field: c.field, From: c.from, To: c.to })),
      Reason: reasonOf(row),
      Details: detailsOf(row),
      ...(subject === null ? {} : { Subject: subject }),
    };
  });
}

/**
 * GET admin/audit: a page of the staff audit trail, newest first, optionally of one actor (a staff
 * member's Id_User, or `operator`) and/or about one player.
 * @throws 400 ERROR_CURSOR_INVALID on `cursor`; an `actor` or `target` no player has answers an empty
 *   page (the events of an erased player name no one)
 */
export async function auditPage(
  ctx: Pick<AppContext, 'db'>,
  query: {
    limit: number;
    cursor?: string | undefined;
    actor?: string | undefined;
    target?: string | undefined;
  },
): Promise<StaffAuditResponse> {
  const limit = Math.min(query.limit, ADMIN_PAGE.max);
  // A bad cursor is refused whatever the filters find.
  if (query.cursor !== undefined) decodeCursor(query.cursor);
  let actor: number | 'operator' | undefined;
  if (query.actor === 'operator') actor = 'operator';
  else if (query.actor !== undefined) {
    const user = await findUserByIdUser(ctx.db, query.actor);
    if (!user) return { Events: [], NextCursor: null };
    actor = user.id;
  }
  let targetUserId: number | undefined;
  if (query.target !== undefined) {
    const user = await findUserByIdUser(ctx.db, query.target);
    if (!user) return { Events: [], NextCursor: null };
    targetUserId = user.id;
  }
  const { rows, nextCursor } = await staffAuditPage(
    ctx.db,
    { ...(actor === undefined ? {} : { actor }), ...(targetUserId === undefined ? {} : { targetUserId }) },
    { limit, cursor: query.cursor },
  );
  return { Events: await describeEvents(ctx, rows), NextCursor: nextCursor };
}
