/**
 * `npm run staff -- <command>` (docs/operations.md "Staff and the operator console"; issue 24): the
 * operator's way to make players staff, with the node's configuration (`DATABASE_URL`; pending
 * migrations applied first). Every change is one transaction with its staff audit event, whose actor is
 * `operator command` (modules/staff roles.ts).
 *
 *   grant <username|email> <admin|support|viewer>   give the player that role (or change theirs to it)
 *   revoke <username|email>                         take the player's role away
 *   list                                            every staff member, one per line, tab-separated:
 *                                                   username, Id_User, role, granted by, granted at
 *
 * The console also needs the staff member to have a second factor in use (an authenticator app or a
 * passkey): grant says when they have none yet, and revoke when no admin is left.
 * Exits 0 on success (a grant of the role the player already has included), 1 when there is nothing
 * to act on (no such player, or a revoke of a player without a role), 2 on a usage error.
 */
import { parseArgs } from 'node:util';
import { STAFF_ROLES, type StaffRole } from '@guildgate/contracts';
import { findUserByLogin, findUsersById, findUsersByIdUser } from '../modules/accounts/index.ts';
import { hasSecondFactor } from '../modules/second-factors/index.ts';
import { allStaff, OPERATOR_COMMAND, revokeStaffRole, setStaffRole } from '../modules/staff/index.ts';
import { exitWithUsage, runWithStore } from './run-cli.ts';

const USAGE = `usage: npm run staff -- grant <username|email> <${STAFF_ROLES.join('|')}>
       npm run staff -- revoke <username|email>
       npm run staff -- list`;

const { positionals } = parseArgs({ allowPositionals: true, options: {} });
const [command, login, role] = [positionals.at(0), positionals.at(1), positionals.at(2)];
const isRole = (value: string | undefined): value is StaffRole =>
  (STAFF_ROLES as readonly (string | undefined)[]).includes(value);

if (command === 'grant') {
  if (!login || !isRole(role) || positionals.length !== 3) exitWithUsage(USAGE);
} else if (command === 'revoke') {
  if (!login || positionals.length !== 2) exitWithUsage(USAGE);
} else if (command !== 'list' || positionals.length !== 1) exitWithUsage(USAGE);

await runWithStore(async (store, config) => {
  const ctx = { db: store.db, dialect: store.dialect, config };
  if (command === 'list') {
    const rows = await allStaff(ctx);
    const members = new Map(
      (
        await findUsersById(
          store.db,
          rows.map((r) => r.user_id),
        )
      ).map((u) => [u.id, u]),
    );
    const granters = new Map(
      (
        await findUsersByIdUser(
          store.db,
          rows.map((r) => r.granted_by),
        )
      ).map((u) => [u.id_user, u.username]),
    );
    for (const row of rows) {
      const member = members.get(row.user_id);
      if (!member) continue;
      const grantedBy =
        row.granted_by === OPERATOR_COMMAND
          ? OPERATOR_COMMAND
          : (granters.get(row.granted_by) ?? row.granted_by);
      process.stdout.write(
        `${[member.username, member.id_user, row.role, grantedBy, row.granted_at].join('\t')}\n`,
      );
    }
    return 0;
  }
  const player = login ? await findUserByLogin(store.db, login) : undefined;
  if (!player) {
    process.stdout.write(`no player ${String(login)}\n`);
    return 1;
  }
  if (command === 'grant' && isRole(role)) {
    const change = await setStaffRole(ctx, { kind: 'operator' }, player.id, role, null);
    process.stdout.write(
      change.outcome === 'unchanged'
        ? `${player.username} is already ${role}\n`
        : change.outcome === 'changed'
          ? `changed ${player.username}: ${String(change.from)} → ${role}\n`
          : `granted ${role} to ${player.username}\n`,
    );
    if (!(await hasSecondFactor(ctx, player.id)))
      console.warn(
        `note: ${player.username} has no second factor in use yet; the console refuses them until they set up an authenticator app or a passkey`,
      );
    return 0;
  }
  const change = await revokeStaffRole(ctx, { kind: 'operator' }, player.id, null);
  if (change.outcome === 'none') {
    process.stdout.write(`${player.username} has no staff role\n`);
    return 1;
  }
  process.stdout.write(`revoked ${String(change.from)} from ${player.username}\n`);
  if (!(await allStaff(ctx)).some((row) => row.role === 'admin'))
    console.warn('warning: no admin is left; grant one with npm run staff -- grant <username|email> admin');
  return 0;
});
