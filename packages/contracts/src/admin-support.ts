/**
 * The operator console's support actions on a player (issue 24 §2; docs/operations.md "Staff and the
 * operator console"): POST admin/players/{idUser}/… and DELETE admin/players/{idUser}, all under the
 * permission `players.support` (support and admin). Each takes {@link StaffActionRequestSchema} (the
 * Reason, kept in the staff audit event; required by the actions that override what the player proved
 * or chose: 400 ERROR_STAFF_REASON_REQUIRED), answers {@link StaffActionResponseSchema}
 * (`{ Success: true }`), and writes its staff audit event ({@link STAFF_AUDIT_TYPES}). Guard rails,
 * the same for every action: staff may not ban, delete or reset the second factors of their own account
 * (400 ERROR_STAFF_OWN_ACCOUNT), and a `support` member may not act on a player whose staff role is
 * `support` or above (403 ERROR_STAFF_ROLE_INSUFFICIENT). Lifting a log-in lock is another part's.
 */
import type { StaffAuditType } from './admin.ts';

/** What the console and the API know of one support action. */
export interface StaffSupportAction {
  /** The staff audit event it writes. */
  audit: StaffAuditType;
  /** Does it need a Reason (400 ERROR_STAFF_REASON_REQUIRED without one)? */
  reasonRequired: boolean;
  /** May staff use it on their own account (false: 400 ERROR_STAFF_OWN_ACCOUNT)? */
  onSelf: boolean;
}

/**
 * The support actions by name — the last path segment of POST admin/players/{idUser}/{action}, and
 * `delete` for DELETE admin/players/{idUser} — with their audit type and rules (issue 24 §2):
 * - `resend-confirmation`: the player's confirmation e-mail again (400 ERROR_STAFF_EMAIL_CONFIRMED once
 *   confirmed);
 * - `confirm-email`: marks the address confirmed (reason required; 400 ERROR_STAFF_EMAIL_CONFIRMED);
 * - `send-password-recovery`: the password-recovery e-mail (spec §3), a single-use expiring link;
 * - `sign-out-everywhere`: ends every session of the player, their tokens refused at once;
 * - `reset-second-factors`: removes the authenticator app, passkeys and recovery codes and alerts the
 *   player (reason required; 400 ERROR_STAFF_NO_SECOND_FACTOR without any);
 * - `ban` / `unban`: the operator command's ban (reason required to ban; 400 ERROR_STAFF_PLAYER_BANNED,
 *   ERROR_STAFF_PLAYER_NOT_BANNED);
 * - `delete`: the player's own erasure (reason required).
 */
export const STAFF_SUPPORT_ACTIONS = {
  'resend-confirmation': { audit: 'staff.player_confirmation_resent', reasonRequired: false, onSelf: true },
  'confirm-email': { audit: 'staff.player_email_confirmed', reasonRequired: true, onSelf: true },
  'send-password-recovery': { audit: 'staff.player_recovery_sent', reasonRequired: false, onSelf: true },
  'sign-out-everywhere': { audit: 'staff.player_signed_out', reasonRequired: false, onSelf: true },
  'reset-second-factors': {
    audit: 'staff.player_second_factors_reset',
    reasonRequired: true,
    onSelf: false,
  },
  ban: { audit: 'staff.player_banned', reasonRequired: true, onSelf: false },
  unban: { audit: 'staff.player_unbanned', reasonRequired: false, onSelf: true },
  delete: { audit: 'staff.player_deleted', reasonRequired: true, onSelf: false },
} as const satisfies Record<string, StaffSupportAction>;
export type StaffSupportActionName = keyof typeof STAFF_SUPPORT_ACTIONS;
