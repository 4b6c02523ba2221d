/**
 * Newsletter opt-ins (spec §2 Newsletter, /unsubscribe; §3 Newsletter opt-in; §7 GET newsletter, POST
 * newsletter/optin-user). A player receives the lists they opted into (`user_newsletter_optins`);
 * `users.newsletter_optin` (the answer's IsG2GOptIn, register's G2GSegaOptin) is their general consent
 * and holds while they receive at least one list. Joining a list sends a confirmation e-mail carrying a
 * signed unsubscribe link (queued in the mail outbox, modules/mail/outbox.ts, with the opt-in). List
 * names answer in the caller's language (`newsletter_list_translations`, migration 0016), and the mail
 * is in the player's (lib/locale.ts). The section follows the newsletter flag: off, the calls are refused.
 */
import type { Kysely } from 'kysely';
import type { Locale, NewsletterResponse, OptInRequest } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { audit } from '../../lib/audit.ts';
import { brandName } from '../../lib/brand.ts';
import { mailLocale } from '../../lib/locale.ts';
import { composeMail } from '../mail/mail-texts.ts';
import { badRequest } from '../../lib/errors.ts';
import { HOUR_MS, isoNow } from '../../lib/time.ts';
import { unsubscribeUrl, verifyUnsubscribeToken } from './unsubscribe-links.ts';
import { takeQuota } from '../../lib/rate-limits.ts';

/** Confirmation e-mails one player may receive per hour (further opt-ins are silent). */
export const MAX_OPTIN_MAILS_PER_HOUR = 10;

function requireSection(ctx: AppContext): void {
  if (!ctx.config.features.newsletterSection) throw badRequest('ERROR_NOT_ALLOWED');
}

/** Recomputes the general consent of `userId` from their lists (inside `db`, a transaction). */
async function syncConsent(db: Kysely<Database>, userId: number): Promise<void> {
  const row = await db
    .selectFrom('user_newsletter_optins')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('users')
    .set({ newsletter_optin: Number(row.n) > 0 ? 1 : 0, updated_at: isoNow() })
    .where('id', '=', userId)
    .execute();
}

/**
 * GET newsletter: every list with the player's choice, and their general consent; list names in
 * `locale` (English when a list has no translation in it).
 */
export async function listOptIns(
  ctx: AppContext,
  userId: number,
  locale: Locale,
): Promise<NewsletterResponse> {
  requireSection(ctx);
  const rows = await ctx.db
    .selectFrom('newsletter_lists as l')
    .leftJoin('user_newsletter_optins as o', (join) =>
      join.onRef('o.list_id', '=', 'l.id').on('o.user_id', '=', userId),
    )
    .leftJoin('newsletter_list_translations as t', (join) =>
      join.onRef('t.list_id', '=', 'l.id').on('t.locale', '=', locale),
    )
    .select(['l.id', 'l.name', 't.name as translated_name', 'o.id as optin'])
    .orderBy('l.id')
    .execute();
  const user = await ctx.db
    .selectFrom('users')
    .select('newsletter_optin')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    OptInList: rows.map((r) => ({
      ListId: r.id,
      ListName: r.translated_name ?? r.name,
      IsOptIn: r.optin !== null,
    })),
    IsG2GOptIn: user.newsletter_optin === 1,
  };
}

/** The name of list `listId` in `locale` (its English name when it has no translation in it). */
async function listName(db: Kysely<Database>, listId: number, locale: Locale): Promise<string> {
  const row = await db
    .selectFrom('newsletter_lists as l')
    .leftJoin('newsletter_list_translations as t', (join) =>
      join.onRef('t.list_id', '=', 'l.id').on('t.locale', '=', locale),
    )
    .select(['l.name', 't.name as translated_name'])
    .where('l.id', '=', listId)
    .executeTakeFirstOrThrow();
  return row.translated_name ?? row.name;
}

/**
 * Subscribes player `userId` to every list (register with G2GSegaOptin), inside `db`.
 */
export async function optInToEveryList(db: Kysely<Database>, userId: number): Promise<void> {
  const lists = await db.selectFrom('newsletter_lists').select('id').execute();
  const now = isoNow();
  for (const list of lists) {
    await db
      .insertInto('user_newsletter_optins')
      .values({ user_id: userId, list_id: list.id, created_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'list_id']).doNothing())
      .execute();
  }
  await syncConsent(db, userId);
}

/**
 * POST newsletter/optin-user: joins (IsOptIn) or leaves list `ListId`; joining sends the confirmation
 * e-mail with its unsubscribe link, in the player's saved locale, else `requested` (the request's
 * Accept-Language).
 * @throws AppError 400 general ERROR_OPTIN_NOT_EXISTS (unknown list), ERROR_NOT_ALLOWED (section off)
 */
export async function setOptIn(
  ctx: AppContext,
  userId: number,
  form: OptInRequest,
  ip: string | null,
  requested: Locale | null,
): Promise<void> {
  requireSection(ctx);
  const list = await ctx.db
    .selectFrom('newsletter_lists')
    .selectAll()
    .where('id', '=', form.ListId)
    .executeTakeFirst();
  if (!list) throw badRequest('ERROR_OPTIN_NOT_EXISTS');
  // The hourly quota of confirmation mails is taken before the transaction (its store may be this
  // database's pool, and a transaction must not wait for a second connection), and only when the
  // player is about to join: a concurrent identical join may cost a point without a mail.
  const mayMail =
    form.IsOptIn && !(await onList(ctx.db, userId, list.id)) && (await takeOptInMailQuota(ctx, userId));
  const joined = await ctx.db.transaction().execute(async (trx) => {
    let changed: boolean;
    if (form.IsOptIn) {
      const result = await trx
        .insertInto('user_newsletter_optins')
        .values({ user_id: userId, list_id: list.id, created_at: isoNow() })
        .onConflict((oc) => oc.columns(['user_id', 'list_id']).doNothing())
        .executeTakeFirst();
      changed = Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    } else {
      const result = await trx
        .deleteFrom('user_newsletter_optins')
        .where('user_id', '=', userId)
        .where('list_id', '=', list.id)
        .executeTakeFirst();
      changed = Number(result.numDeletedRows) > 0;
    }
    await syncConsent(trx, userId);
    if (changed)
      await audit({ db: trx }, userId, form.IsOptIn ? 'newsletter.joined' : 'newsletter.left', ip, {
        listId: list.id,
      });
    if (changed && form.IsOptIn && mayMail) await queueJoinedMail(ctx, trx, userId, list.id, requested);
    return changed && form.IsOptIn;
  });
  if (joined) ctx.outbox.wake();
}

/** Is player `userId` on list `listId`? */
async function onList(db: Kysely<Database>, userId: number, listId: number): Promise<boolean> {
  const row = await db
    .selectFrom('user_newsletter_optins')
    .select('id')
    .where('user_id', '=', userId)
    .where('list_id', '=', listId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Takes one of the player's {@link MAX_OPTIN_MAILS_PER_HOUR} confirmation mails; false when none is left. */
function takeOptInMailQuota(ctx: AppContext, userId: number): Promise<boolean> {
  const quota = { points: MAX_OPTIN_MAILS_PER_HOUR, durationSeconds: HOUR_MS / 1000 };
  return takeQuota(ctx.rateLimits, 'optin-mail', quota, String(userId));
}

/**
 * Queues the confirmation of joining list `listId`, with its unsubscribe link, through `trx`, in the
 * player's saved locale, else `requested`, else English.
 */
async function queueJoinedMail(
  ctx: AppContext,
  trx: Kysely<Database>,
  userId: number,
  listId: number,
  requested: Locale | null,
): Promise<void> {
  const user = await trx
    .selectFrom('users')
    .select(['id_user', 'username', 'email', 'locale'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const locale = mailLocale(user.locale, requested);
  await ctx.outbox.enqueue(trx, {
    kind: 'newsletter-joined',
    to: user.email,
    userId,
    content: composeMail(
      'newsletter-joined',
      locale,
      brandName(ctx.config.environment),
      await unsubscribeUrl(ctx, user.id_user, listId),
      { username: user.username, listName: await listName(trx, listId, locale) },
    ),
  });
}

/**
 * POST newsletter/unsubscribe (the /unsubscribe page of a signed link): leaves the link's list (or
 * every list). Idempotent; a deleted player's link succeeds with nothing to do.
 * @throws AppError 400 Token ERROR_UNSUBSCRIBE_INVALID (missing, forged, altered)
 */
export async function unsubscribe(ctx: AppContext, token: string, ip: string | null): Promise<void> {
  const claims = token ? await verifyUnsubscribeToken(ctx, token) : null;
  if (!claims) throw badRequest('ERROR_UNSUBSCRIBE_INVALID', 'Token');
  await ctx.db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select('id')
      .where('id_user', '=', claims.idUser)
      .executeTakeFirst();
    if (!user) return;
    let query = trx.deleteFrom('user_newsletter_optins').where('user_id', '=', user.id);
    if (claims.listId !== null) query = query.where('list_id', '=', claims.listId);
    await query.execute();
    await syncConsent(trx, user.id);
    await audit({ db: trx }, user.id, 'newsletter.unsubscribed', ip, { listId: claims.listId });
  });
}
