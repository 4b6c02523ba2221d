/**
 * Security alerts by e-mail (issue 22 §6; docs/security.md "Security alerts"): a player is told of
 * each security event of their account — a password log-in from a new device, a password change, an
 * e-mail change, a second factor added or removed, a recovery code used — in their language, with the
 * time, the device (browser and operating system from the user agent) and the IP address of the event,
 * and a single-use "This wasn't me" link (secure-links.ts) that secures the account (POST account/secure,
 * modules/password secure-account.ts).
 *
 * The flow that makes a change calls {@link queueSecurityAlert} inside that change's transaction: the
 * alert and its link commit with the change or not at all (outbox, DESIGN.md §3), then the caller wakes
 * the outbox (`ctx.outbox.wake()`) once committed. The e-mail change folds its alert into the mail the
 * old address already receives ({@link prepareSecurityAlert}), so that address gets one mail, not two.
 * With the `securityAlerts` flag off, nothing is queued.
 */
import type { Kysely } from 'kysely';
import type { Locale } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import type { Database, UserRow } from '../../db/schema.ts';
import { brandName } from '../../lib/brand.ts';
import { mailLocale } from '../../lib/locale.ts';
import { isoNow } from '../../lib/time.ts';
import { composeMail, type SecurityAlertParams, type SecurityEvent } from '../outbound-mail/index.ts';
import { createSecureAccountLink } from './secure-links.ts';
import { describeUserAgent } from './user-agent.ts';

/** The player an alert goes to: their id, current address, name and saved language. */
export type AlertedPlayer = Pick<UserRow, 'id' | 'email' | 'username' | 'locale'>;

/**
 * The request that made the event: its IP address and user agent (told in the alert), and its
 * `Accept-Language` (lib/locale.ts `requestLocale`; the alert's language when the player has none saved).
 */
export interface EventRequest {
  ip: string | null;
  userAgent: string | null;
  locale: Locale | null;
}

/** Whether alerts are sent: the `securityAlerts` flag (packages/contracts FEATURE_FLAGS). */
export function securityAlertsEnabled(ctx: Pick<AppContext, 'config'>): boolean {
  return ctx.config.features.securityAlerts;
}

/**
 * The alert parts of an event of `player` made by `request`, now: its origin (time, device, IP) and a
 * new "This wasn't me" link for an alert sent to `to` (default the player's address), written through
 * `db` — the change's transaction.
 * @returns null when the `securityAlerts` flag is off (then nothing is written)
 */
export async function prepareSecurityAlert(
  ctx: Pick<AppContext, 'config'>,
  db: Kysely<Database>,
  player: AlertedPlayer,
  request: EventRequest,
  to: string = player.email,
): Promise<SecurityAlertParams | null> {
  if (!securityAlertsEnabled(ctx)) return null;
  return {
    origin: { at: isoNow(), ...describeUserAgent(request.userAgent), ip: request.ip },
    secureUrl: await createSecureAccountLink(ctx, db, player.id, to),
    ttlDays: ctx.config.secureAccountLinkTtlDays,
  };
}

/**
 * Queues the alert of `event` to `player`'s address through `db` (pass the transaction of the change),
 * in the player's saved language, else the request's, else English (lib/locale.ts `mailLocale`). The
 * caller wakes the outbox after the commit.
 * @returns whether an alert was queued (false with the `securityAlerts` flag off)
 */
export async function queueSecurityAlert(
  ctx: Pick<AppContext, 'config' | 'outbox'>,
  db: Kysely<Database>,
  player: AlertedPlayer,
  event: SecurityEvent,
  request: EventRequest,
): Promise<boolean> {
  const alert = await prepareSecurityAlert(ctx, db, player, request);
  if (!alert) return false;
  await ctx.outbox.enqueue(db, {
    kind: 'security-alert',
    to: player.email,
    userId: player.id,
    content: composeMail(
      'security-alert',
      mailLocale(player.locale, request.locale),
      brandName(ctx.config.environment),
      alert.secureUrl,
      { username: player.username, event, alert },
    ),
  });
  return true;
}
