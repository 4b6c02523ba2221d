/**
 * The staff module's public surface (issue 24, the operator console): staff roles (roles.ts: grant,
 * change, revoke, read — the operator command `npm run staff` uses them), the staff guard of every
 * `/api/admin/…` call (guard.ts: `staffAuth`, `requireStaff`), and its parts of account deletion and
 * of "Download my data". Its routes (routes.ts) are registered by app.ts.
 */
import type { PlayerDataEraser } from '../../db/player-data.ts';
import { DELETED_PLAYER_MARK } from '../audit/index.ts';
import { deleteStaffRole, replaceGrantedBy } from './store.ts';

export {
  allStaff,
  OPERATOR_COMMAND,
  revokeStaffRole,
  roleOf,
  setStaffRole,
  type RoleChange,
  type RoleChanger,
} from './roles.ts';
export { requireStaff, staffAuth, staffCallerOf, type StaffCaller } from './guard.ts';
export { adminRoute } from './admin-route.ts';
export { supportCall } from './support-routes.ts';
export {
  prepareSupportAction,
  recordSupportAction,
  type PreparedSupportAction,
  type SupportCall,
} from './support.ts';
export { findStaffRolesOf, type StaffRoleRow } from './store.ts';
export { playerDataExporter } from './exporter.ts';

/**
 * Erasing a player (spec §4 Deletion): their role goes, and where they granted another's role the
 * grant names {@link DELETED_PLAYER_MARK} instead of them. (Their part of the staff audit trail is the
 * audit eraser's.)
 */
export const playerDataEraser: PlayerDataEraser = {
  module: 'staff',
  tables: ['staff_roles'],
  async deletePlayerData(trx, player) {
    await deleteStaffRole(trx, player.id);
    await replaceGrantedBy(trx, player.idUser, DELETED_PLAYER_MARK);
  },
};
