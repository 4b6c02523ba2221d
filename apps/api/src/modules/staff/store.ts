/**
 * The store of staff roles (`staff_roles`, migration 0025; issue 24): one row per staff member — the
 * player (internal users.id), the role, who granted it (`operator command` or the granting staff
 * member's Id_User) and when (ISO 8601 UTC). Small functions on `db`, so they run inside a caller's
 * transaction.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { StaffRole } from '@guildgate/contracts';
import type { StoreDialect } from '../../db/database.ts';
import type { Database, StaffRolesTable } from '../../db/schema.ts';

/** A staff row as read (`role` as stored: one of contracts' `STAFF_ROLES`, which the store checks). */
export type StaffRoleRow = Omit<Selectable<StaffRolesTable>, 'role'> & { role: StaffRole };

/**
 * PostgreSQL advisory lock key of the staff roles' changes (an arbitrary constant; the test harness
 * uses 4_711_0001 for its schemas).
 */
const STAFF_ROLES_LOCK_KEY = 4_711_0024;

/**
 * Serialises the changes of staff roles until `trx` ends: on PostgreSQL a transaction-scoped advisory
 * lock, so two admins demoting each other at once cannot both succeed on what the other is about to
 * change; SQLite runs one write transaction at a time anyway.
 * @param trx a transaction (the lock ends with it)
 */
export async function lockStaffRoles(trx: Kysely<Database>, dialect: StoreDialect): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${STAFF_ROLES_LOCK_KEY})`.execute(trx);
}

/** The staff row of player `userId` (internal users.id), or undefined when they are not staff. */
export async function findStaffRole(db: Kysely<Database>, userId: number): Promise<StaffRoleRow | undefined> {
  const row = await db.selectFrom('staff_roles').selectAll().where('user_id', '=', userId).executeTakeFirst();
  return row as StaffRoleRow | undefined;
}

/** Gives player `userId` `role`, replacing any role they had (one per player). */
export async function upsertStaffRole(
  db: Kysely<Database>,
  row: { userId: number; role: StaffRole; grantedBy: string; grantedAt: string },
): Promise<void> {
  await db
    .insertInto('staff_roles')
    .values({ user_id: row.userId, role: row.role, granted_by: row.grantedBy, granted_at: row.grantedAt })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        role: row.role,
        granted_by: row.grantedBy,
        granted_at: row.grantedAt,
      }),
    )
    .execute();
}

/** Removes player `userId`'s role; true when they had one. */
export async function deleteStaffRole(db: Kysely<Database>, userId: number): Promise<boolean> {
  const result = await db.deleteFrom('staff_roles').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Where a page of staff starts: strictly after this row in (granted_at desc, user_id desc). */
export interface StaffPosition {
  grantedAt: string;
  userId: number;
}

/**
 * Staff rows, latest grants first (granted_at, then user_id, descending), strictly after `after` when
 * given; at most `limit`. Served by the index `staff_roles_granted`.
 */
export async function listStaffRoles(
  db: Kysely<Database>,
  query: { after?: StaffPosition; limit: number },
): Promise<StaffRoleRow[]> {
  let rows = db.selectFrom('staff_roles').selectAll();
  const after = query.after;
  if (after) {
    rows = rows.where((eb) =>
      eb.or([
        eb('granted_at', '<', after.grantedAt),
        eb.and([eb('granted_at', '=', after.grantedAt), eb('user_id', '<', after.userId)]),
      ]),
    );
  }
  const page = await rows
    .orderBy('granted_at', 'desc')
    .orderBy('user_id', 'desc')
    .limit(query.limit)
    .execute();
  return page as StaffRoleRow[];
}

/**
 * Replaces `idUser` (an erased player's public id) by `replacement` where it names who granted a role
 * (account deletion, spec §4).
 */
export async function replaceGrantedBy(
  db: Kysely<Database>,
  idUser: string,
  replacement: string,
): Promise<void> {
  await db
    .updateTable('staff_roles')
    .set({ granted_by: replacement })
    .where('granted_by', '=', idUser)
    .execute();
}

/**
 * The staff rows of the players `userIds` (internal users.id; those without a role are left out, any
 * order): the roles shown beside the console's search results. Served by the primary key.
 */
export async function findStaffRolesOf(
  db: Kysely<Database>,
  userIds: readonly number[],
): Promise<StaffRoleRow[]> {
  if (userIds.length === 0) return [];
  const rows = await db.selectFrom('staff_roles').selectAll().where('user_id', 'in', userIds).execute();
  return rows as StaffRoleRow[];
}
