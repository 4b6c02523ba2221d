/**
 * E-mail update (spec §2 Update email; §4 Email update; §7 POST profile/user/{userId}/update-email,
 * GET email/update-email-confirm, GET email/update-email-recovery; DESIGN.md §5).
 *
 * 1. The request checks the new address like registration does, then sends a single-use confirm link
 *    to the NEW address (/account/update-email/confirm?uid=…) and a notice to the current one. Only the
 *    newest request's link works.
 * Every mail is queued in the mail outbox (modules/outbound-mail/outbox.ts) in the transaction of its step, in
 * the player's saved locale, else the request's Accept-Language (lib/locale.ts `mailLocale`).
 * 2. Confirming moves the account to the new address (it is proven: it received the link), revokes the
 *    player's other sessions, and sends the OLD address a recovery link (/account/update-email/recovery
 *    ?uid=…, valid {@link RECOVERY_LINK_TTL_DAYS} days) that restores it. With the `securityAlerts` flag
 *    that mail is also the change's security alert (issue 22 §6: time, device, IP and a "This wasn't me"
 *    link whose recovery mail goes to the old address) — one mail to the old address, not two.
 * 3. Recovery puts the old address back, cancels pending changes and revokes the other sessions.
 * Partner environments cannot change the address (spec §2 My information).
 */
import type { Kysely } from 'kysely';
import {
  ENVIRONMENT_BEHAVIOUR,
  maskEmail,
  type ErrorItem,
  type Locale,
  type UpdateEmailRequest,
} from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { audit } from '../audit/index.ts';
import { brandName } from '../../lib/brand.ts';
import { mailLocale } from '../../lib/locale.ts';
import { composeMail } from '../outbound-mail/index.ts';
import { badRequest, rateLimited, validationFailed } from '../../lib/errors.ts';
import { DAY_MS, HOUR_MS } from '../../lib/time.ts';
import {
  emailError,
  emailTaken,
  getUserById,
  newEmailError,
  normalizeEmail,
  setConfirmedEmail,
} from '../accounts/index.ts';
import { revokeSessions } from '../session/index.ts';
import { requireRecentAuthentication } from '../session/index.ts';
import type { AuthInfo } from '../../plugins/auth.ts';
import { consumeLink, createLink, invalidateLinks, pageUrl, type LinkCodes } from './links.ts';
import { takeQuota } from '../rate-limits/index.ts';
import { prepareSecurityAlert } from '../security-alerts/index.ts';

/** Days the recovery link sent to the old address stays valid. */
export const RECOVERY_LINK_TTL_DAYS = 7;
/** E-mail change requests one player may make per hour (each sends two mails). */
export const MAX_UPDATE_REQUESTS_PER_HOUR = 5;

const LINK_CODES: LinkCodes = {
  notExists: 'ERROR_EMAIL_RECOVERY_NOTEXISTS',
  expired: 'ERROR_EMAIL_RECOVERY_EXPIRED',
};

/** Who asks: the player and, for link calls, the session the request came with (if any). */
export interface EmailCaller {
  userId: number;
  sessionId: string;
}

/**
 * Step 1: asks to move player `userId` to `form.Email`.
 * @throws AppError 400 — Email: ERROR_EMAIL_EMPTY / _LENGTH / _INVALID / _INCORRECT_FORMAT /
 *   _DOMAIN_UNAUTHORIZED / _DISPOSABLE_ADDRESS / _EXIST / _MAILBOX_DOES_NOT_EXIST / _HIGH_RISK /
 *   ERROR_EMAIL_SAME; ConfirmEmail:
 *   ERROR_CONFIRM_EMAIL_INVALID; general ERROR_NOT_ALLOWED (partner environment, partner sign-on
 *   player); ERROR_REAUTHENTICATION_REQUIRED without a recent proof of the password on the caller's
 *   session (session/reauthentication.ts); 429 ERROR_RATE_LIMITED (over {@link MAX_UPDATE_REQUESTS_PER_HOUR} an hour)
 */
export async function requestEmailUpdate(
  ctx: AppContext,
  caller: Pick<AuthInfo, 'userId' | 'authTime'>,
  form: UpdateEmailRequest,
  ip: string | null,
  requested: Locale | null,
): Promise<void> {
  const userId = caller.userId;
  if (ENVIRONMENT_BEHAVIOUR[ctx.config.environment].partnerSignOn) throw badRequest('ERROR_NOT_ALLOWED');
  const user = await getUserById(ctx.db, userId);
  if (user.auth_type === 2) throw badRequest('ERROR_NOT_ALLOWED');
  requireRecentAuthentication(ctx, caller);
  const email = form.Email.trim();
  const items: ErrorItem[] = [];
  const rule = emailError(email, ctx.config.emailUnauthorizedDomains);
  if (rule) items.push({ Property: 'Email', ErrorMessage: rule });
  else if (normalizeEmail(email) === normalizeEmail(user.email))
    items.push({ Property: 'Email', ErrorMessage: 'ERROR_EMAIL_SAME' });
  else {
    const code = await newEmailError(ctx, email, userId);
    if (code) items.push({ Property: 'Email', ErrorMessage: code });
  }
  if (normalizeEmail(form.ConfirmEmail) !== normalizeEmail(email))
    items.push({ Property: 'ConfirmEmail', ErrorMessage: 'ERROR_CONFIRM_EMAIL_INVALID' });
  if (items.length) throw validationFailed(items);
  const quota = { points: MAX_UPDATE_REQUESTS_PER_HOUR, durationSeconds: HOUR_MS / 1000 };
  if (!(await takeQuota(ctx.rateLimits, 'email-update', quota, String(userId))))
    throw rateLimited(HOUR_MS / 1000);

  const brand = brandName(ctx.config.environment);
  await ctx.db.transaction().execute(async (trx) => {
    await invalidateLinks(trx, userId, 'email_update_confirm');
    const token = await createLink(
      trx,
      userId,
      'email_update_confirm',
      ctx.config.emailLinkTtlHours * HOUR_MS,
      { email },
    );
    await audit({ db: trx }, userId, 'email.update_requested', ip);
    const locale = mailLocale(user.locale, requested);
    await ctx.outbox.enqueue(trx, {
      kind: 'email-update-confirm',
      to: email,
      userId,
      content: composeMail(
        'email-update-confirm',
        locale,
        brand,
        pageUrl(ctx, '/account/update-email/confirm', { uid: token }),
        { username: user.username, ttlHours: ctx.config.emailLinkTtlHours },
      ),
    });
    await ctx.outbox.enqueue(trx, {
      kind: 'email-update-notice',
      to: user.email,
      userId,
      content: composeMail('email-update-notice', locale, brand, pageUrl(ctx, '/account'), {
        username: user.username,
        maskedEmail: maskEmail(email),
      }),
    });
  });
  ctx.outbox.wake();
}

/** Revokes the player's sessions, keeping the caller's own session when it is the same player's. */
async function revokeOthers(db: Kysely<Database>, userId: number, caller: EmailCaller | null): Promise<void> {
  await revokeSessions(db, {
    userId,
    ...(caller && caller.userId === userId ? { exceptSessionId: caller.sessionId } : {}),
  });
}

/**
 * Step 2: the link of the new address (GET email/update-email-confirm?uid=…); `ip`, `userAgent` and
 * `requested` (Accept-Language) describe the request, for the old address's mail and its alert.
 * @throws AppError 400 — Uid: ERROR_EMAIL_RECOVERY_NOTEXISTS (unknown, used, superseded) /
 *   ERROR_EMAIL_RECOVERY_EXPIRED; Email: ERROR_EMAIL_EXIST (taken meanwhile by another account)
 */
export async function confirmEmailUpdate(
  ctx: AppContext,
  uid: string,
  caller: EmailCaller | null,
  ip: string | null,
  requested: Locale | null,
  userAgent: string | null = null,
): Promise<void> {
  const idUser = await ctx.db
    .transaction()
    .execute(async (trx) => {
      const link = await consumeLink(trx, uid, 'email_update_confirm', LINK_CODES, 'Uid');
      const email = typeof link.payload?.email === 'string' ? link.payload.email : '';
      if (!email) throw badRequest('ERROR_EMAIL_RECOVERY_NOTEXISTS', 'Uid');
      const user = await getUserById(trx, link.userId);
      if (await emailTaken(trx, email, user.id)) throw badRequest('ERROR_EMAIL_EXIST', 'Email');
      await setConfirmedEmail(trx, user.id, email);
      await invalidateLinks(trx, user.id, 'email_update_recovery');
      const recovery = await createLink(
        trx,
        user.id,
        'email_update_recovery',
        RECOVERY_LINK_TTL_DAYS * DAY_MS,
        { email: user.email },
      );
      await revokeOthers(trx, user.id, caller);
      await audit({ db: trx }, user.id, 'email.updated', ip, { otherSessionsRevoked: true });
      const alert = await prepareSecurityAlert(ctx, trx, user, { ip, userAgent, locale: requested });
      await ctx.outbox.enqueue(trx, {
        kind: 'email-update-recovery',
        to: user.email,
        userId: user.id,
        content: composeMail(
          'email-update-recovery',
          mailLocale(user.locale, requested),
          brandName(ctx.config.environment),
          pageUrl(ctx, '/account/update-email/recovery', { uid: recovery }),
          {
            username: user.username,
            maskedEmail: maskEmail(email),
            ttlDays: RECOVERY_LINK_TTL_DAYS,
            ...(alert ? { alert } : {}),
          },
        ),
      });
      return user.id_user;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw badRequest('ERROR_EMAIL_EXIST', 'Email');
      throw error;
    });
  ctx.outbox.wake();
  // The OpenID Provider's sessions end too, on every device (docs/security.md "Log-out propagation").
  await ctx.verifiedTokens.forgetPlayer(idUser);
  ctx.signOuts.signedOut(idUser);
}

/**
 * Step 3: the link sent to the old address (GET email/update-email-recovery?uid=…) restores it.
 * @throws AppError 400 — Uid: ERROR_EMAIL_RECOVERY_NOTEXISTS / ERROR_EMAIL_RECOVERY_EXPIRED; Email:
 *   ERROR_EMAIL_EXIST (another account took the old address meanwhile)
 */
export async function recoverEmail(
  ctx: AppContext,
  uid: string,
  caller: EmailCaller | null,
  ip: string | null,
): Promise<void> {
  const idUser = await ctx.db
    .transaction()
    .execute(async (trx) => {
      const link = await consumeLink(trx, uid, 'email_update_recovery', LINK_CODES, 'Uid');
      const email = typeof link.payload?.email === 'string' ? link.payload.email : '';
      if (!email) throw badRequest('ERROR_EMAIL_RECOVERY_NOTEXISTS', 'Uid');
      if (await emailTaken(trx, email, link.userId)) throw badRequest('ERROR_EMAIL_EXIST', 'Email');
      await setConfirmedEmail(trx, link.userId, email);
      await invalidateLinks(trx, link.userId, 'email_update_confirm');
      await revokeOthers(trx, link.userId, caller);
      await audit({ db: trx }, link.userId, 'email.recovered', ip, { otherSessionsRevoked: true });
      return (await getUserById(trx, link.userId)).id_user;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw badRequest('ERROR_EMAIL_EXIST', 'Email');
      throw error;
    });
  // The OpenID Provider's sessions end too, on every device (docs/security.md "Log-out propagation").
  await ctx.verifiedTokens.forgetPlayer(idUser);
  ctx.signOuts.signedOut(idUser);
}
