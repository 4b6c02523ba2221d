/**
 * The register verification e-mail (spec §4 Register: "The emailed link opens the verify page").
 * TWO-POINT-STUDIOS links to /register/validate?verificationCode=…, every other environment to
 * /confirm-email?uid=…. Links are built from PUBLIC_URL, never from the request. The mail is queued
 * in the mail outbox (modules/outbound-mail/outbox.ts) in the transaction that creates the link, in the player's
 * language (modules/outbound-mail/mail-texts.ts).
 */
import type { Kysely } from 'kysely';
import { ENVIRONMENT_BEHAVIOUR, type Locale } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import type { Database, UserRow } from '../../db/schema.ts';
import { HOUR_MS } from '../../lib/time.ts';
import { createLink, pageUrl } from './links.ts';
import { brandName } from '../../lib/brand.ts';
import { mailLocale } from '../../lib/locale.ts';
import { composeMail } from '../outbound-mail/index.ts';

/** The verify-page address for `token` in this environment. */
export function verificationUrl(ctx: AppContext, token: string): string {
  return ENVIRONMENT_BEHAVIOUR[ctx.config.environment].registerValidatePage
    ? pageUrl(ctx, '/register/validate', { verificationCode: token })
    : pageUrl(ctx, '/confirm-email', { uid: token });
}

/** Creates a verification link for `user` (in `ctx.db`, which may be a transaction); returns the token. */
export function createVerificationLink(
  ctx: AppContext,
  user: Pick<UserRow, 'id'>,
  redirectUrl: string | null,
): Promise<string> {
  return createLink(
    ctx.db,
    user.id,
    'register',
    ctx.config.emailLinkTtlHours * HOUR_MS,
    redirectUrl ? { redirectUrl } : null,
  );
}

/**
 * Queues the verification e-mail with `token` to `user` through `trx` (the transaction that created
 * the link), in the player's saved locale, else `requested` (the request's Accept-Language), else
 * English (lib/locale.ts `mailLocale`); the caller wakes the outbox after the commit
 * (`ctx.outbox.wake()`).
 */
export async function queueVerificationEmail(
  ctx: AppContext,
  trx: Kysely<Database>,
  user: Pick<UserRow, 'id' | 'email' | 'username' | 'locale'>,
  token: string,
  requested: Locale | null,
): Promise<void> {
  const content = composeMail(
    'register-verification',
    mailLocale(user.locale, requested),
    brandName(ctx.config.environment),
    verificationUrl(ctx, token),
    { username: user.username, ttlHours: ctx.config.emailLinkTtlHours },
  );
  await ctx.outbox.enqueue(trx, { kind: 'register-verification', to: user.email, userId: user.id, content });
}
