/**
 * The register verification e-mail (spec §4 Register: "The emailed link opens the verify page").
 * TWO-POINT-STUDIOS links to /register/validate?verificationCode=…, every other environment to
 * /confirm-email?uid=…. Links are built from PUBLIC_URL, never from the request. The mail is queued
 * in the mail outbox (modules/mail/outbox.ts) in the transaction that creates the link.
 */
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database, UserRow } from '../../db/schema.ts';
import { HOUR_MS } from '../../lib/time.ts';
import { createLink, pageUrl } from './links.ts';
import { brandName } from '../../lib/brand.ts';

/** The verify-page address for `token` in this environment. */
export function verificationUrl(ctx: AppContext, token: string): string {
  return ctx.config.environment === 'TWO-POINT-STUDIOS'
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
 * the link); the caller wakes the outbox after the commit (`ctx.outbox.wake()`).
 */
export async function queueVerificationEmail(
  ctx: AppContext,
  trx: Kysely<Database>,
  user: Pick<UserRow, 'id' | 'email' | 'username'>,
  token: string,
): Promise<void> {
  const brand = brandName(ctx.config.environment);
  const content = {
    brand,
    subject: `Confirm your ${brand} account`,
    greeting: `Hello ${user.username},`,
    lines: [
      `Thank you for creating your ${brand} account.`,
      `Please confirm your email address to finish. This link works once and expires in ${ctx.config.emailLinkTtlHours} hours.`,
    ],
    actionLabel: 'Confirm my email address',
    actionUrl: verificationUrl(ctx, token),
    footer: 'If you did not create this account, you can ignore this email.',
  };
  await ctx.outbox.enqueue(trx, { kind: 'register-verification', to: user.email, userId: user.id, content });
}
