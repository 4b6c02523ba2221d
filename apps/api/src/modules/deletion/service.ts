/**
 * Account deletion (spec §2 Deletion request; §4 Deletion; §7 GET deletion/types, POST
 * password/validate/user/{userId}, POST deletion/user/{userId}, POST deletion/partner/user/{userId}).
 *
 * Deleting erases the player: their row and everything tied to it (sessions and refresh tokens,
 * e-mail links, their e-mails in the mail outbox — queued, sent or dead —, connections, blocks in both
 * directions, newsletter lists, cookie choices, their audit trail) go in one transaction, other references are cut (referrer, the access key used) or scrubbed (audit detail),
 * and only an unlinked feedback row (reason type and text) and an audit event without any personal
 * data remain. Every token of the player stops working at once (DESIGN.md §5).
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
import { audit } from '../../lib/audit.ts';
import { badRequest, rateLimited } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/password.ts';
import { MINUTE_MS, isoNow } from '../../lib/time.ts';
import { deleteCookieConsents } from '../cookies/service.ts';
import { normalizeEmail } from '../profile/users.ts';
import { deleteSurveyData } from '../survey/service.ts';
import { consumedBy, tryConsume } from '../../lib/rate-limits.ts';

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
  const rows = await ctx.db
    .selectFrom('deletion_types as d')
    .leftJoin('deletion_type_translations as t', (join) =>
      join.onRef('t.deletion_type_id', '=', 'd.id').on('t.locale', '=', locale),
    )
    .select(['d.id', 'd.description', 'd.is_other', 't.description as translated'])
    .orderBy('d.id')
    .execute();
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
  const user = await ctx.db
    .selectFrom('users')
    .select(['password_hash'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (!user.password_hash) throw badRequest('ERROR_NOT_ALLOWED');
  const failures = ctx.rateLimits.limiter('password-check', {
    points: MAX_PASSWORD_FAILURES,
    durationSeconds: PASSWORD_WINDOW_MS / 1000,
  });
  if ((await consumedBy(failures, String(userId))) >= MAX_PASSWORD_FAILURES)
    throw rateLimited(PASSWORD_WINDOW_MS / 1000);
  if (!(await verifyPassword(user.password_hash, password))) {
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
  const type = await ctx.db
    .selectFrom('deletion_types')
    .selectAll()
    .where('id', '=', form.Id_DeletionType)
    .executeTakeFirst();
  if (!type) throw badRequest('ERROR_DELETION_TYPE_NOTEXISTS', 'Id_DeletionType');
  if (type.is_other !== 1) return { typeId: type.id, reason: null };
  const reason = (form.DeletionReason ?? '').trim();
  if (!reason) throw badRequest('ERROR_DELETION_REASON_EMPTY', 'DeletionReason');
  if (reason.length > DELETION_REASON_MAX) throw badRequest('ERROR_DELETION_REASON_LENGTH', 'DeletionReason');
  return { typeId: type.id, reason };
}

/**
 * Removes every row tied to player `userId` and the player, inside transaction `trx`. Other players'
 * audit details that name the player (by public id) are scrubbed.
 */
export async function erasePlayer(trx: Kysely<Database>, userId: number, idUser: string): Promise<void> {
  const sessionIds = trx.selectFrom('sessions').select('id').where('user_id', '=', userId);
  await trx.deleteFrom('refresh_tokens').where('session_id', 'in', sessionIds).execute();
  await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
  await trx.deleteFrom('email_tokens').where('user_id', '=', userId).execute();
  // Queued mail is not sent any more; sent and dead rows keep the address (modules/mail/outbox.ts).
  await trx.deleteFrom('mail_outbox').where('user_id', '=', userId).execute();
  await trx.deleteFrom('user_connections').where('user_id', '=', userId).execute();
  await trx
    .deleteFrom('blocks')
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('blocked_user_id', '=', userId)]))
    .execute();
  await trx.deleteFrom('user_newsletter_optins').where('user_id', '=', userId).execute();
  await deleteCookieConsents(trx, userId);
  await deleteSurveyData(trx, userId);
  await trx.deleteFrom('audit_events').where('user_id', '=', userId).execute();
  await trx
    .updateTable('audit_events')
    .set((eb) => ({ detail: eb.fn<string>('replace', ['detail', eb.val(idUser), eb.val('[deleted]')]) }))
    .where('detail', 'like', `%${idUser}%`)
    .execute();
  await trx
    .updateTable('users')
    .set({ referrer_user_id: null })
    .where('referrer_user_id', '=', userId)
    .execute();
  await trx
    .updateTable('access_keys')
    .set({ used_by_user_id: null })
    .where('used_by_user_id', '=', userId)
    .execute();
  await trx.deleteFrom('users').where('id', '=', userId).execute();
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
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'id_user', 'email', 'password_hash'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (options.checkPassword) {
    await checkPassword(ctx, userId, form.Password ?? '', ip);
  } else if (user.password_hash && !ENVIRONMENT_BEHAVIOUR[ctx.config.environment].partnerSignOn) {
    throw badRequest('ERROR_NOT_ALLOWED');
  }
  if (form.Email && normalizeEmail(form.Email) !== normalizeEmail(user.email))
    throw badRequest('ERROR_EMAIL_UNKNOWN', 'Email');
  const feedback = await feedbackOf(ctx, form);
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('deletion_feedback')
      .values({ deletion_type_id: feedback.typeId, reason: feedback.reason, created_at: isoNow() })
      .execute();
    await erasePlayer(trx, user.id, user.id_user);
    // No personal data: neither the player's id nor the caller's address.
    await audit({ db: trx }, null, 'account.deleted', null, { passwordChecked: options.checkPassword });
  });
}
