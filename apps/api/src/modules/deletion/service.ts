/**
 * Account deletion (spec §2 Deletion request; §4 Deletion; §7 GET deletion/types, POST
 * password/validate/user/{userId}, POST deletion/user/{userId}, POST deletion/partner/user/{userId}).
 *
 * Deleting erases the player: their row and everything tied to it (sessions and refresh tokens,
 * e-mail links, their e-mails in the mail outbox — queued, sent or dead —, connections and pending
 * links, authorization codes, blocks in both directions, newsletter lists, cookie choices, survey
 * answers and badges, their audit trail) go in one transaction, other references are cut (referrer,
 * the access key used) or scrubbed (audit detail), and only an unlinked feedback row (reason type and
 * text) and an audit event without any personal data remain. Every token of the player stops working
 * at once (DESIGN.md §5). Before the erasure, the sign-out listeners are told and awaited
 * (`ctx.signOuts`: the OpenID Provider's back-channel log-out of the partner sites).
 *
 * Deletion is orchestration (issue 20 §4): each module holding player data erases its own rows through
 * its {@link PlayerDataEraser} (./erasers.ts); this service runs them all in the one transaction.
 *
 * Where the deletion section is off, or where the environment deletes through support
 * (`ENVIRONMENT_BEHAVIOUR[…].supportDeletion`, spec §2), self-service deletion is refused.
 */
import {
  ENVIRONMENT_BEHAVIOUR,
  DELETION_REASON_MAX,
  type DeletionRequest,
  type DeletionType,
  type Locale,
} from '@guildgate/contracts';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import type { ErasedPlayer, PlayerDataEraser } from '../../db/player-data.ts';
import { audit } from '../audit/index.ts';
import { badRequest, rateLimited } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/password.ts';
import { MINUTE_MS, isoNow } from '../../lib/time.ts';
import { getUserById, normalizeEmail } from '../accounts/index.ts';
import { consumedBy, tryConsume } from '../rate-limits/index.ts';
import { orderedForDeletion, PLAYER_DATA_ERASERS } from './erasers.ts';
import { deletionTypeRows, findDeletionType, insertDeletionFeedback } from './store.ts';

/** Wrong passwords one player may give in {@link PASSWORD_WINDOW_MS} before the check refuses. */
export const MAX_PASSWORD_FAILURES = 10;
/** Window of {@link MAX_PASSWORD_FAILURES}, in ms. */
export const PASSWORD_WINDOW_MS = 15 * MINUTE_MS;

/** Is self-service deletion offered here (flag on, not an environment deleting through support, spec §2)? */
export function selfServiceDeletion(ctx: AppContext): boolean {
  return (
    ctx.config.features.deletionSection && !ENVIRONMENT_BEHAVIOUR[ctx.config.environment].supportDeletion
  );
}

/**
 * The reasons of GET deletion/types (spec §3 Deletion type), in their seeded order, described in
 * `locale` (English when a reason has no translation in it; `deletion_type_translations`).
 */
export async function deletionTypes(ctx: AppContext, locale: Locale): Promise<DeletionType[]> {
  const rows = await deletionTypeRows(ctx.db, locale);
  return rows.map((r) => ({
    Id: r.id,
    Description: r.translated ?? r.description,
    IsOther: r.is_other === 1,
  }));
}

/**
 * Checks the player's password (deletion step 1), counting failures per player.
 * @throws AppError 429 ERROR_RATE_LIMITED after {@link MAX_PASSWORD_FAILURES} failures; 400 — Password:
 *   ERROR_PASSWORD_EMPTY / ERROR_PASSWORD_INCORRECT; general
 *   ERROR_NOT_ALLOWED for a player
 *   without a password (partner sign-on)
 */
export async function checkPassword(
  ctx: AppContext,
  userId: number,
  password: string,
  ip: string | null,
): Promise<void> {
  if (!password) throw badRequest('ERROR_PASSWORD_EMPTY', 'Password');
  const passwordHash = (await getUserById(ctx.db, userId)).password_hash;
  if (!passwordHash) throw badRequest('ERROR_NOT_ALLOWED');
  const failures = ctx.rateLimits.limiter('password-check', {
    points: MAX_PASSWORD_FAILURES,
    durationSeconds: PASSWORD_WINDOW_MS / 1000,
  });
  if ((await consumedBy(failures, String(userId))) >= MAX_PASSWORD_FAILURES)
    throw rateLimited(PASSWORD_WINDOW_MS / 1000);
  if (!(await verifyPassword(passwordHash, password))) {
    await tryConsume(failures, String(userId));
    await audit(ctx, userId, 'password.check_failed', ip);
    throw badRequest('ERROR_PASSWORD_INCORRECT', 'Password');
  }
}

/**
 * Checks the reason part of a deletion request.
 * @returns the feedback to keep: type id (null when skipped) and free text (only for 'other')
 * @throws AppError 400 — Id_DeletionType: ERROR_DELETION_TYPE_NOTEXISTS; DeletionReason:
 *   ERROR_DELETION_REASON_EMPTY (for 'other') / ERROR_DELETION_REASON_LENGTH
 */
async function feedbackOf(
  ctx: AppContext,
  form: DeletionRequest,
): Promise<{ typeId: number | null; reason: string | null }> {
  if (form.Id_DeletionType === null || form.Id_DeletionType === undefined)
    return { typeId: null, reason: null };
  const type = await findDeletionType(ctx.db, form.Id_DeletionType);
  if (!type) throw badRequest('ERROR_DELETION_TYPE_NOTEXISTS', 'Id_DeletionType');
  if (type.is_other !== 1) return { typeId: type.id, reason: null };
  const reason = (form.DeletionReason ?? '').trim();
  if (!reason) throw badRequest('ERROR_DELETION_REASON_EMPTY', 'DeletionReason');
  if (reason.length > DELETION_REASON_MAX) throw badRequest('ERROR_DELETION_REASON_LENGTH', 'DeletionReason');
  return { typeId: type.id, reason };
}

/**
 * Removes every row tied to `player` and the player, inside transaction `trx`, by running `erasers`
 * (default: every module's, {@link PLAYER_DATA_ERASERS}) in order, the accounts eraser — the `users`
 * row — last. Other players' audit details that name the player (by public id) are scrubbed (audit's
 * eraser).
 */
export async function erasePlayer(
  trx: Kysely<Database>,
  player: ErasedPlayer,
  erasers: readonly PlayerDataEraser[] = PLAYER_DATA_ERASERS,
): Promise<void> {
  for (const eraser of orderedForDeletion(erasers)) await eraser.deletePlayerData(trx, player);
}

/**
 * Deletes player `userId` (POST deletion/user/{userId}; with `checkPassword: false` POST
 * deletion/partner/user/{userId}, allowed only for players without a password or in a partner
 * environment).
 * @throws AppError 400 — general ERROR_NOT_ALLOWED (deletion not offered here, or the partner call for
 *   a player who has a password); Email: ERROR_EMAIL_UNKNOWN (not the player's address); Password:
 *   see {@link checkPassword}; reason errors of {@link feedbackOf}
 */
export async function deletePlayer(
  ctx: AppContext,
  userId: number,
  form: DeletionRequest,
  options: { checkPassword: boolean },
  ip: string | null,
): Promise<void> {
  if (!selfServiceDeletion(ctx)) throw badRequest('ERROR_NOT_ALLOWED');
  const user = await getUserById(ctx.db, userId);
  if (options.checkPassword) {
    await checkPassword(ctx, userId, form.Password ?? '', ip);
  } else if (user.password_hash && !ENVIRONMENT_BEHAVIOUR[ctx.config.environment].partnerSignOn) {
    throw badRequest('ERROR_NOT_ALLOWED');
  }
  if (form.Email && normalizeEmail(form.Email) !== normalizeEmail(user.email))
    throw badRequest('ERROR_EMAIL_UNKNOWN', 'Email');
  const feedback = await feedbackOf(ctx, form);
  await eraseAccount(ctx, user, {
    feedback,
    detail: { passwordChecked: options.checkPassword },
  });
}

/**
 * The erasure of an account, the player's own deletion's and staff's (issue 24 §2): the sign-out
 * listeners told, then in one transaction `inTransaction` (the caller's own records, e.g. the staff
 * audit event, written before the player's rows go), the feedback row when there is one, every
 * module's eraser ({@link erasePlayer}) and the `account.deleted` event with `detail` — no personal data,
 * neither the player's id nor the caller's address —; then the player's verified tokens forgotten.
 * @param options.feedback the reason type and text the player gave (null: no feedback row)
 */
export async function eraseAccount(
  ctx: AppContext,
  user: { id: number; id_user: string },
  options: {
    feedback: { typeId: number | null; reason: string | null } | null;
    detail: Record<string, unknown>;
    inTransaction?: (trx: Kysely<Database>) => Promise<void>;
  },
): Promise<void> {
  // Before the erasure, which deletes the provider's sessions: the OpenID Provider ends them and sends
  // the partner sites their back-channel logout tokens, which name those sessions (`sid`). Awaited, and
  // never failing the deletion (a partner that is down is logged; docs/security.md "Log-out propagation").
  await ctx.signOuts.signOutNow(user.id_user);
  await ctx.db.transaction().execute(async (trx) => {
    if (options.inTransaction) await options.inTransaction(trx);
    if (options.feedback) await insertDeletionFeedback(trx, { ...options.feedback, createdAt: isoNow() });
    await erasePlayer(trx, { id: user.id, idUser: user.id_user });
    await audit({ db: trx }, null, 'account.deleted', null, options.detail);
  });
  await ctx.verifiedTokens.forgetPlayer(user.id_user);
}
