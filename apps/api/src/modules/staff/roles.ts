/**
 * Staff roles (issue 24; docs/operations.md "Staff and the operator console"): granting, changing and
 * revoking a player's role, by the operator command (`npm run staff`) or by an admin in the console
 * (PUT/DELETE admin/staff/{idUser}), and reading a player's role. Each change is one transaction with
 * its staff audit event (`staff.role_granted`, `staff.role_changed`, `staff.role_revoked`: who, whom,
 * from → to); changes are serialised (store.ts `lockStaffRoles`). The console's rules: only an admin
 * changes roles — checked again inside the transaction, so an admin demoted meanwhile cannot — and an
 * admin cannot lower or revoke their own role, so the console always keeps the admin who acts. The
 * operator command is the way in when no admin is left, and may revoke the last one (it warns).
 */
import type { StaffRole } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { badRequest, forbidden } from '../../lib/errors.ts';
import { isoNow } from '../../lib/time.ts';
import { auditStaffAction, type StaffActorRef } from '../audit/index.ts';
import {
  deleteStaffRole,
  findStaffRole,
  listStaffRoles,
  lockStaffRoles,
  upsertStaffRole,
  type StaffRoleRow,
} from './store.ts';

/** What `staff_roles.granted_by` holds for a role the operator command granted (issue 24). */
export const OPERATOR_COMMAND = 'operator command';

/** Who changes a role: the operator command, or a staff member through the console (ids of the caller). */
export type RoleChanger = { kind: 'operator' } | { kind: 'staff'; userId: number; idUser: string };

/** What a change did: the role before and after (null: none), and the row after (undefined: revoked). */
export interface RoleChange {
  outcome: 'granted' | 'changed' | 'unchanged' | 'revoked' | 'none';
  from: StaffRole | null;
  to: StaffRole | null;
  row: StaffRoleRow | undefined;
}

type Store = Pick<AppContext, 'db' | 'dialect'>;

/** The role of player `userId` (internal users.id), or null when they are not staff. */
export async function roleOf(ctx: Pick<AppContext, 'db'>, userId: number): Promise<StaffRole | null> {
  return (await findStaffRole(ctx.db, userId))?.role ?? null;
}

/** The audit trail's name of `changer`. */
function actorOf(changer: RoleChanger): StaffActorRef {
  return changer.kind === 'staff' ? { kind: 'staff', userId: changer.userId } : { kind: 'operator' };
}

/**
 * The console's rules for a change by staff member `changer` of player `targetUserId`'s role to `to`
 * (null: revoked), read inside the change's transaction.
 * @throws 403 ERROR_STAFF_ROLE_INSUFFICIENT when `changer` is no longer an admin
 * @throws 400 ERROR_STAFF_OWN_ADMIN_ROLE when an admin would lower or revoke their own role
 */
async function checkConsoleRules(
  trx: AppContext['db'],
  changer: Extract<RoleChanger, { kind: 'staff' }>,
  targetUserId: number,
  to: StaffRole | null,
): Promise<void> {
  if ((await findStaffRole(trx, changer.userId))?.role !== 'admin')
    throw forbidden('ERROR_STAFF_ROLE_INSUFFICIENT');
  if (targetUserId === changer.userId && to !== 'admin') throw badRequest('ERROR_STAFF_OWN_ADMIN_ROLE');
}

/**
 * Gives player `targetUserId` (internal users.id) `role`: granted when they had none, changed when
 * they had another, unchanged (nothing written, no event) when they had it. One transaction with the
 * audit event.
 * @param ip the request's address (null for the operator command)
 * @throws 403 ERROR_STAFF_ROLE_INSUFFICIENT, 400 ERROR_STAFF_OWN_ADMIN_ROLE (console only, see
 *   {@link checkConsoleRules})
 */
export async function setStaffRole(
  ctx: Store,
  changer: RoleChanger,
  targetUserId: number,
  role: StaffRole,
  ip: string | null,
): Promise<RoleChange> {
  return ctx.db.transaction().execute(async (trx): Promise<RoleChange> => {
    await lockStaffRoles(trx, ctx.dialect);
    if (changer.kind === 'staff') await checkConsoleRules(trx, changer, targetUserId, role);
    const current = await findStaffRole(trx, targetUserId);
    if (current?.role === role) return { outcome: 'unchanged', from: role, to: role, row: current };
    const row: StaffRoleRow = {
      user_id: targetUserId,
      role,
      granted_by: changer.kind === 'staff' ? changer.idUser : OPERATOR_COMMAND,
      granted_at: isoNow(),
    };
    await upsertStaffRole(trx, {
      userId: row.user_id,
      role: row.role,
      grantedBy: row.granted_by,
      grantedAt: row.granted_at,
    });
    const from = current?.role ?? null;
    await auditStaffAction(trx, {
      type: from === null ? 'staff.role_granted' : 'staff.role_changed',
      actor: actorOf(changer),
      targetUserId,
      changes: [{ field: 'role', from, to: role }],
      ip,
    });
    return { outcome: from === null ? 'granted' : 'changed', from, to: role, row };
  });
}

/**
 * Revokes player `targetUserId`'s role (outcome `revoked`), or does nothing when they have none
 * (outcome `none`). One transaction with the audit event `staff.role_revoked`.
 * @param ip the request's address (null for the operator command)
 * @throws 403 ERROR_STAFF_ROLE_INSUFFICIENT, 400 ERROR_STAFF_OWN_ADMIN_ROLE (console only, see
 *   {@link checkConsoleRules})
 */
export async function revokeStaffRole(
  ctx: Store,
  changer: RoleChanger,
  targetUserId: number,
  ip: string | null,
): Promise<RoleChange> {
  return ctx.db.transaction().execute(async (trx): Promise<RoleChange> => {
    await lockStaffRoles(trx, ctx.dialect);
    if (changer.kind === 'staff') await checkConsoleRules(trx, changer, targetUserId, null);
    const current = await findStaffRole(trx, targetUserId);
    if (!current) return { outcome: 'none', from: null, to: null, row: undefined };
    await deleteStaffRole(trx, targetUserId);
    await auditStaffAction(trx, {
      type: 'staff.role_revoked',
      actor: actorOf(changer),
      targetUserId,
      changes: [{ field: 'role', from: current.role, to: null }],
      ip,
    });
    return { outcome: 'revoked', from: current.role, to: null, row: undefined };
  });
}

/** Every staff row, latest grants first (the operator command's list; staff are a handful). */
export async function allStaff(ctx: Pick<AppContext, 'db'>): Promise<StaffRoleRow[]> {
  const rows: StaffRoleRow[] = [];
  for (;;) {
    const last = rows.at(-1);
    const page = await listStaffRoles(ctx.db, {
      ...(last ? { after: { grantedAt: last.granted_at, userId: last.user_id } } : {}),
      limit: 500,
    });
    rows.push(...page);
    if (page.length < 500) return rows;
  }
}
