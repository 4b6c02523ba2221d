/**
 * The staff part of "Download my data" (issue 22 §8, issue 24): the player's role in the operator
 * console and since when, or null when they are not staff — not who granted it (another staff
 * member's data, GDPR art. 15(4)).
 */
import type { PlayerDataExporter } from '../../db/player-data.ts';
import { findStaffRole } from './store.ts';

export const playerDataExporter: PlayerDataExporter<'staffRole'> = {
  module: 'staff',
  tables: ['staff_roles'],
  async exportPlayerData(db, player) {
    const row = await findStaffRole(db, player.id);
    return { staffRole: row ? { role: row.role, grantedAt: row.granted_at } : null };
  },
};
