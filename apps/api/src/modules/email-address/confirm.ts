/**
 * E-mail confirmation (spec §7 email/confirm, register/verify, email/send-confirmation-email).
 * Confirming uses the single-use link; re-sending answers the same, in content and in time, whether
 * or not the address is known or already confirmed (no enumeration).
 */
import type { Kysely } from 'kysely';
import type { ConfirmResponse, Locale } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import type { Database, UserRow } from '../../db/schema.ts';
import { audit } from '../audit/index.ts';
import { HOUR_MS } from '../../lib/time.ts';
import { confirmEmailAddress, findUserByEmail } from '../accounts/index.ts';
import { allowedRedirectOrNull } from '../redirect/index.ts';
import { consumeLink, invalidateLinks } from './links.ts';
import { createVerificationLink, queueVerificationEmail } from './verification.ts';
import { takeQuota } from '../rate-limits/index.ts';

/** Verification mails sent to one player per hour through email/send-confirmation-email. */
export const MAX_RESENDS_PER_HOUR = 5;

/**
 * Confirms the player's address with the link `token`.
 * @returns Success and the redirect the link carried, when still allowed
 * @throws 400 ERROR_EMAIL_RECOVERY_NOTEXISTS (unknown or used) or ERROR_EMAIL_RECOVERY_EXPIRED
 */
export async function confirmEmail(
  ctx: AppContext,
  token: string,
  property: string,
  ip: string | null,
): Promise<ConfirmResponse> {
  const { payload } = await ctx.db.transaction().execute(async (trx) => {
    const link = await consumeLink(
      trx,
      token,
      'register',
      { notExists: 'ERROR_EMAIL_RECOVERY_NOTEXISTS', expired: 'ERROR_EMAIL_RECOVERY_EXPIRED' },
      property,
    );
    await confirmEmailAddress(trx, link.userId);
    await audit({ db: trx }, link.userId, 'email.confirmed', ip);
    return link;
  });
  const redirect = typeof payload?.redirectUrl === 'string' ? payload.redirectUrl : null;
  return { Success: true, RedirectUrl: await allowedRedirectOrNull(ctx, redirect) };
}

/**
 * Answers a resend request (email/send-confirmation-email): after the answer, as deferred work
 * (lib/deferred-work.ts), so that neither its content nor its time tells whether the address is known
 * or confirmed, {@link sendNewVerificationLink}.
 */
export async function resendConfirmation(
  ctx: AppContext,
  email: string,
  redirectUrl: string | null | undefined,
  ip: string | null,
  locale: Locale | null,
): Promise<void> {
  if (!email.trim() || email.length > 255) return;
  ctx.deferred.run('confirmation resend', () => sendNewVerificationLink(ctx, email, redirectUrl, ip, locale));
}

/**
 * Queues a new verification link when `email` belongs to an unconfirmed player and fewer than
 * {@link MAX_RESENDS_PER_HOUR} were sent this hour; nothing otherwise. The new link replaces the
 * player's earlier ones; link and mail are written in one transaction. The mail is in the player's saved
 * locale, else `locale` (the asking request's Accept-Language, read before the answer).
 */
export async function sendNewVerificationLink(
  ctx: AppContext,
  email: string,
  redirectUrl: string | null | undefined,
  ip: string | null,
  locale: Locale | null,
): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user || user.email_confirmed_at || user.banned_at) return;
  // At most a few mails per address and hour, whoever asks: the answer stays the same.
  const quota = { points: MAX_RESENDS_PER_HOUR, durationSeconds: HOUR_MS / 1000 };
  if (!(await takeQuota(ctx.rateLimits, 'resend-mail', quota, String(user.id)))) return;
  const redirect = await allowedRedirectOrNull(ctx, redirectUrl);
  await ctx.db.transaction().execute(async (trx) => {
    await replaceVerificationLink(ctx, trx, user, redirect, locale);
    await audit({ db: trx }, user.id, 'email.confirmation_resent', ip);
  });
  ctx.outbox.wake();
}

/**
 * Writes a new verification link of `user` through `trx` (the caller's transaction) and queues its mail,
 * in the player's saved locale, else `locale`. The new link replaces the earlier ones: only the newest
 * mail's link confirms. Used by the player's resend and by staff's (issue 24 §2); the caller wakes the
 * outbox after the commit.
 * @param redirect an allowed redirect the link carries, or null
 */
export async function replaceVerificationLink(
  ctx: AppContext,
  trx: Kysely<Database>,
  user: Pick<UserRow, 'id' | 'email' | 'username' | 'locale'>,
  redirect: string | null,
  locale: Locale | null,
): Promise<void> {
  await invalidateLinks(trx, user.id, 'register');
  const token = await createVerificationLink({ ...ctx, db: trx }, user, redirect);
  await queueVerificationEmail(ctx, trx, user, token, locale);
}

/**
 * Marks player `userId`'s address confirmed through `trx` (the caller's transaction) as the link would
 * (issue 24 §2, staff's "mark confirmed"): their pending confirmation links are used up, and the
 * `email.confirmed` event is written (no address: the player did not make the request).
 */
export async function markEmailConfirmed(trx: Kysely<Database>, userId: number): Promise<void> {
  await invalidateLinks(trx, userId, 'register');
  await confirmEmailAddress(trx, userId);
  await audit({ db: trx }, userId, 'email.confirmed', null, { byStaff: true });
}
