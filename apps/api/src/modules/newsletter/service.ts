/**
 * Newsletter opt-ins (spec §2 Newsletter, /unsubscribe; §3 Newsletter opt-in; §7 GET newsletter, POST
 * newsletter/optin-user). A player receives the lists they opted into (`user_newsletter_optins`);
 * `users.newsletter_optin` (the answer's IsG2GOptIn, register's G2GSegaOptin) is their general consent
 * and holds while they receive at least one list. Joining a list sends a confirmation e-mail carrying a
 * signed unsubscribe link (queued in the mail outbox, modules/outbound-mail/outbox.ts, with the opt-in). List
 * names answer in the caller's language (`newsletter_list_translations`, migration 0016), and the mail
 * is in the player's (lib/locale.ts). The section follows the newsletter flag: off, the calls are refused.
 */
import type { Kysely } from 'kysely';
import type { Locale, NewsletterResponse, OptInRequest } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { audit } from '../audit/index.ts';
import { brandName } from '../../lib/brand.ts';
import { mailLocale } from '../../lib/locale.ts';
import { composeMail } from '../outbound-mail/index.ts';
import { badRequest } from '../../lib/errors.ts';
import { HOUR_MS, isoNow } from '../../lib/time.ts';
import { unsubscribeUrl, verifyUnsubscribeToken } from './unsubscribe-links.ts';
import { takeQuota } from '../rate-limits/index.ts';
import { findUserByIdUser, getUserById, setNewsletterConsent } from '../accounts/index.ts';
import type { PlayerDataEraser } from '../../db/player-data.ts';
import {
  countOptIns,
  deleteOptIns,
  findNewsletterList,
  hasOptIn,
  insertOptIn,
  newsletterListIds,
  newsletterListName,
  newsletterListRows,
} from './store.ts';

/** Confirmation e-mails one player may receive per hour (further opt-ins are silent). */
export const MAX_OPTIN_MAILS_PER_HOUR = 10;

function requireSection(ctx: AppContext): void {
  if (!ctx.config.features.newsletterSection) throw badRequest('ERROR_NOT_ALLOWED');
}

/** Recomputes the general consent of `userId` from their lists (inside `db`, a transaction). */
async function syncConsent(db: Kysely<Database>, userId: number): Promise<void> {
  await setNewsletterConsent(db, userId, (await countOptIns(db, userId)) > 0);
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
  const rows = await newsletterListRows(ctx.db, userId, locale);
  const consent = (await getUserById(ctx.db, userId)).newsletter_optin;
  return {
    OptInList: rows.map((r) => ({
      ListId: r.id,
      ListName: r.translated_name ?? r.name,
      IsOptIn: r.optin !== null,
    })),
    IsG2GOptIn: consent === 1,
  };
}

/** The name of list `listId` in `locale` (its English name when it has no translation in it). */
async function listName(db: Kysely<Database>, listId: number, locale: Locale): Promise<string> {
  const row = await newsletterListName(db, listId, locale);
  return row.translated_name ?? row.name;
}

/**
 * Subscribes player `userId` to every list (register with G2GSegaOptin), inside `db`.
 */
export async function optInToEveryList(db: Kysely<Database>, userId: number): Promise<void> {
  const now = isoNow();
  for (const listId of await newsletterListIds(db)) await insertOptIn(db, userId, listId, now);
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
  const list = await findNewsletterList(ctx.db, form.ListId);
  if (!list) throw badRequest('ERROR_OPTIN_NOT_EXISTS');
  // The hourly quota of confirmation mails is taken before the transaction (its store may be this
  // database's pool, and a transaction must not wait for a second connection), and only when the
  // player is about to join: a concurrent identical join may cost a point without a mail.
  const mayMail =
    form.IsOptIn && !(await hasOptIn(ctx.db, userId, list.id)) && (await takeOptInMailQuota(ctx, userId));
  const joined = await ctx.db.transaction().execute(async (trx) => {
    const changed = form.IsOptIn
      ? await insertOptIn(trx, userId, list.id, isoNow())
      : (await deleteOptIns(trx, userId, list.id)) > 0;
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
  const user = await getUserById(trx, userId);
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
    const id = (await findUserByIdUser(trx, claims.idUser))?.id;
    if (id === undefined) return;
    await deleteOptIns(trx, id, claims.listId);
    await syncConsent(trx, id);
    await audit({ db: trx }, id, 'newsletter.unsubscribed', ip, { listId: claims.listId });
  });
}

/**
 * The newsletter part of account deletion (issue 20 §4): the player's opt-ins go (their general consent
 * lives on the `users` row, which the accounts eraser deletes).
 */
export const playerDataEraser: PlayerDataEraser = {
  module: 'newsletter',
  tables: ['user_newsletter_optins'],
  async deletePlayerData(trx, player) {
    await deleteOptIns(trx, player.id, null);
  },
};
