/**
 * The operator console's support actions on a player (issue 24 §2; contracts admin-support.ts;
 * docs/operations.md "Staff and the operator console"), each through the same service as the player's
 * own flow, and each with its staff audit event (actor, target, changes, reason) in the same transaction
 * as the change:
 * - resend the confirmation e-mail (email-address `replaceVerificationLink`, the player's resend);
 * - mark the e-mail confirmed (email-address `markEmailConfirmed`: pending links used up);
 * - send the password-recovery e-mail (password `queueRecoveryLink`, spec §3's single-use link);
 * - sign out everywhere (session `signOutEverywhere`: sessions, refresh tokens, verified-token cache);
 * - reset the second factors (second-factors `resetSecondFactors`, with the security alert);
 * - ban and unban (session `banPlayer`, the operator command's ban);
 * - delete the account: the deletion module's (deletion/staff-deletion.ts, as the deletion module
 *   imports this one for its eraser), with {@link prepareSupportAction} and {@link recordSupportAction}.
 * Guard rails, checked before the change and again inside its transaction (a role changed meanwhile):
 * the caller still has `players.support` (403 ERROR_STAFF_ROLE_INSUFFICIENT); staff may not ban, delete
 * or reset the second factors of their own account (400 ERROR_STAFF_OWN_ACCOUNT); a `support` member may
 * not act on a player whose role is `support` or above (403 ERROR_STAFF_ROLE_INSUFFICIENT). Mails go
 * in the player's saved language (else English), through the outbox, woken after the commit.
 */
import type { Kysely } from 'kysely';
import {
  roleAllows,
  roleAtLeast,
  STAFF_SUPPORT_ACTIONS,
  type StaffActionRequest,
  type StaffSupportActionName,
} from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import type { Database, UserRow } from '../../db/schema.ts';
import { AppError, badRequest, forbidden } from '../../lib/errors.ts';
import { findUserById, findUserByIdUser } from '../accounts/index.ts';
import { audit, auditStaffAction, type StaffFieldChange } from '../audit/index.ts';
import { markEmailConfirmed, replaceVerificationLink } from '../email-address/index.ts';
import { passwordRecoveryOffered, queueRecoveryLink } from '../password/index.ts';
import { resetSecondFactors, type ResetFactors } from '../second-factors/index.ts';
import { banPlayer, signOutEverywhere } from '../session/index.ts';
import type { StaffCaller } from './guard.ts';
import { findStaffRole } from './store.ts';

/** One support action's call: the staff caller, the player's Id_User, the body and the request's IP. */
export interface SupportCall {
  caller: StaffCaller;
  idUser: string;
  body: StaffActionRequest;
  ip: string;
}

/** A prepared action: the player concerned and the reason given (null: none). */
export interface PreparedSupportAction {
  target: UserRow;
  reason: string | null;
}

/**
 * Checks the guard rails of `action` by `caller` on `target` through `db` (see the module note).
 * @throws 403 ERROR_STAFF_ROLE_INSUFFICIENT, 400 ERROR_STAFF_OWN_ACCOUNT
 */
async function checkRules(
  db: Kysely<Database>,
  action: StaffSupportActionName,
  caller: StaffCaller,
  target: Pick<UserRow, 'id'>,
): Promise<void> {
  const callerRole = (await findStaffRole(db, caller.userId))?.role;
  if (!callerRole || !roleAllows(callerRole, 'players.support'))
    throw forbidden('ERROR_STAFF_ROLE_INSUFFICIENT');
  if (target.id === caller.userId && !STAFF_SUPPORT_ACTIONS[action].onSelf)
    throw badRequest('ERROR_STAFF_OWN_ACCOUNT');
  if (callerRole === 'admin') return;
  const targetRole = (await findStaffRole(db, target.id))?.role;
  if (targetRole && roleAtLeast(targetRole, 'support')) throw forbidden('ERROR_STAFF_ROLE_INSUFFICIENT');
}

/**
 * The checks every action starts with: the reason when required, the player, the guard rails. (The
 * deletion module's DELETE admin/players/{idUser} uses it too.)
 * @throws 400 ERROR_STAFF_REASON_REQUIRED (Reason), 404 ERROR_USER_UNKNOWN, and {@link checkRules}'
 */
export async function prepareSupportAction(
  ctx: Pick<AppContext, 'db'>,
  action: StaffSupportActionName,
  call: SupportCall,
): Promise<PreparedSupportAction> {
  const reason = call.body.Reason?.trim() || null;
  if (STAFF_SUPPORT_ACTIONS[action].reasonRequired && !reason)
    throw badRequest('ERROR_STAFF_REASON_REQUIRED', 'Reason');
  const target = await findUserByIdUser(ctx.db, call.idUser);
  if (!target) throw new AppError(404, [{ Property: '', ErrorMessage: 'ERROR_USER_UNKNOWN' }]);
  await checkRules(ctx.db, action, call.caller, target);
  return { target, reason };
}

/**
 * In transaction `trx` (the change's): the guard rails again, then the staff audit event of `action`
 * with `changes` and the reason.
 * @throws as {@link checkRules}
 */
export async function recordSupportAction(
  trx: Kysely<Database>,
  action: StaffSupportActionName,
  call: SupportCall,
  prepared: PreparedSupportAction,
  changes: readonly StaffFieldChange[],
): Promise<void> {
  await checkRules(trx, action, call.caller, prepared.target);
  await auditStaffAction(trx, {
    type: STAFF_SUPPORT_ACTIONS[action].audit,
    actor: { kind: 'staff', userId: call.caller.userId },
    targetUserId: prepared.target.id,
    changes,
    reason: prepared.reason,
    ip: call.ip,
  });
}

/** The player `userId` as read in `trx` (the row of the action's transaction). */
async function reread(trx: Kysely<Database>, userId: number): Promise<UserRow> {
  const user = await findUserById(trx, userId);
  if (!user) throw new AppError(404, [{ Property: '', ErrorMessage: 'ERROR_USER_UNKNOWN' }]);
  return user;
}

/**
 * POST admin/players/{idUser}/resend-confirmation: a new confirmation link replacing the earlier ones,
 * mailed as the player's own resend does; audit `staff.player_confirmation_resent` (no change).
 * @throws 400 ERROR_STAFF_EMAIL_CONFIRMED (already confirmed), ERROR_USER_BANNED (a banned player's
 *   links would not work); 404 ERROR_USER_UNKNOWN; the guard rails'
 */
export async function resendConfirmationByStaff(ctx: AppContext, call: SupportCall): Promise<void> {
  const action = 'resend-confirmation';
  const prepared = await prepareSupportAction(ctx, action, call);
  await ctx.db.transaction().execute(async (trx) => {
    const user = await reread(trx, prepared.target.id);
    if (user.email_confirmed_at) throw badRequest('ERROR_STAFF_EMAIL_CONFIRMED');
    if (user.banned_at) throw badRequest('ERROR_USER_BANNED');
    await replaceVerificationLink(ctx, trx, user, null, null);
    await audit({ db: trx }, user.id, 'email.confirmation_resent', null, { byStaff: true });
    await recordSupportAction(trx, action, call, prepared, []);
  });
  ctx.outbox.wake();
}

/**
 * POST admin/players/{idUser}/confirm-email: marks the address confirmed as the link would; audit
 * `staff.player_email_confirmed` (confirmed false → true).
 * @throws 400 ERROR_STAFF_REASON_REQUIRED, ERROR_STAFF_EMAIL_CONFIRMED; 404 ERROR_USER_UNKNOWN; the
 *   guard rails'
 */
export async function confirmEmailByStaff(ctx: AppContext, call: SupportCall): Promise<void> {
  const action = 'confirm-email';
  const prepared = await prepareSupportAction(ctx, action, call);
  await ctx.db.transaction().execute(async (trx) => {
    const user = await reread(trx, prepared.target.id);
    if (user.email_confirmed_at) throw badRequest('ERROR_STAFF_EMAIL_CONFIRMED');
    await markEmailConfirmed(trx, user.id);
    await recordSupportAction(trx, action, call, prepared, [
      { field: 'email_confirmed', from: 'false', to: 'true' },
    ]);
  });
}

/**
 * POST admin/players/{idUser}/send-password-recovery: the player's password-recovery link (single-use,
 * expiring) and its mail, as their own request writes them; audit `staff.player_recovery_sent`.
 * @throws 400 ERROR_NOT_ALLOWED (no recovery in a partner environment, or a player without a password),
 *   ERROR_USER_BANNED; 404 ERROR_USER_UNKNOWN; the guard rails'
 */
export async function sendPasswordRecoveryByStaff(ctx: AppContext, call: SupportCall): Promise<void> {
  const action = 'send-password-recovery';
  const prepared = await prepareSupportAction(ctx, action, call);
  if (!passwordRecoveryOffered(ctx) || !prepared.target.password_hash) throw badRequest('ERROR_NOT_ALLOWED');
  await ctx.db.transaction().execute(async (trx) => {
    const user = await reread(trx, prepared.target.id);
    if (user.banned_at) throw badRequest('ERROR_USER_BANNED');
    await queueRecoveryLink(ctx, trx, user, user.email, null);
    await audit({ db: trx }, user.id, 'password.recovery_requested', null, { byStaff: true });
    await recordSupportAction(trx, action, call, prepared, []);
  });
  ctx.outbox.wake();
}

/**
 * POST admin/players/{idUser}/sign-out-everywhere: ends every session of the player; their access
 * tokens are refused at once on every node; audit `staff.player_signed_out` (sessions n → 0).
 * @throws 404 ERROR_USER_UNKNOWN; the guard rails'
 */
export async function signOutEverywhereByStaff(ctx: AppContext, call: SupportCall): Promise<void> {
  const action = 'sign-out-everywhere';
  const prepared = await prepareSupportAction(ctx, action, call);
  await signOutEverywhere(ctx, prepared.target, (trx, sessions) =>
    recordSupportAction(trx, action, call, prepared, [
      { field: 'sessions', from: String(sessions), to: '0' },
    ]),
  );
}

/** The changes of a second-factor reset: what the player had, each to none. */
function resetChanges(had: ResetFactors): StaffFieldChange[] {
  return [
    ...(had.authenticatorApp ? [{ field: 'authenticator_app', from: 'true', to: 'false' }] : []),
    ...(had.passkeys > 0 ? [{ field: 'passkeys', from: String(had.passkeys), to: '0' }] : []),
    ...(had.recoveryCodes > 0 ? [{ field: 'recovery_codes', from: String(had.recoveryCodes), to: '0' }] : []),
  ];
}

/**
 * POST admin/players/{idUser}/reset-second-factors: removes the app, passkeys and recovery codes and
 * alerts the player; audit `staff.player_second_factors_reset` (what they had → none).
 * @throws 400 ERROR_STAFF_REASON_REQUIRED, ERROR_STAFF_OWN_ACCOUNT, ERROR_STAFF_NO_SECOND_FACTOR; 404
 *   ERROR_USER_UNKNOWN; the guard rails'
 */
export async function resetSecondFactorsByStaff(ctx: AppContext, call: SupportCall): Promise<void> {
  const action = 'reset-second-factors';
  const prepared = await prepareSupportAction(ctx, action, call);
  await ctx.db.transaction().execute(async (trx) => {
    const had = await resetSecondFactors(ctx, trx, await reread(trx, prepared.target.id));
    if (!had) throw badRequest('ERROR_STAFF_NO_SECOND_FACTOR');
    await recordSupportAction(trx, action, call, prepared, resetChanges(had));
  });
  ctx.outbox.wake();
}

/**
 * POST admin/players/{idUser}/ban (`banned` true) and …/unban: the operator command's ban — a ban ends
 * every session and refuses log-in; audit `staff.player_banned` / `staff.player_unbanned`.
 * @throws 400 ERROR_STAFF_REASON_REQUIRED (ban), ERROR_STAFF_OWN_ACCOUNT (ban),
 *   ERROR_STAFF_PLAYER_BANNED, ERROR_STAFF_PLAYER_NOT_BANNED; 404 ERROR_USER_UNKNOWN; the guard rails'
 */
export async function setBanByStaff(ctx: AppContext, call: SupportCall, banned: boolean): Promise<void> {
  const action = banned ? 'ban' : 'unban';
  const prepared = await prepareSupportAction(ctx, action, call);
  await banPlayer(ctx, prepared.target, banned, async (trx) => {
    const isBanned = Boolean((await reread(trx, prepared.target.id)).banned_at);
    if (banned && isBanned) throw badRequest('ERROR_STAFF_PLAYER_BANNED');
    if (!banned && !isBanned) throw badRequest('ERROR_STAFF_PLAYER_NOT_BANNED');
    await recordSupportAction(trx, action, call, prepared, [
      { field: 'banned', from: String(isBanned), to: String(banned) },
    ]);
  });
}
