/**
 * What the Security page's sections share (issue 22 §1–§3, §5, §7): the query keys (a section reads
 * again the others its change affects: a sign-out or a new factor is an event of the activity; a first
 * passkey brings recovery codes) and the dates' format.
 */
import { formatShortDate } from '../../shared/format/format-date.ts';

/** GET account/sessions. */
export const SESSIONS_KEY = ['account', 'security', 'sessions'] as const;
/** GET account/activity (pages). */
export const ACTIVITY_KEY = ['account', 'security', 'activity'] as const;
/** GET account/second-factors (the authenticator app, the recovery codes left). */
export const TOTP_KEY = ['account', 'security', 'second-factors'] as const;
/** GET account/passkeys. */
export const PASSKEYS_KEY = ['account', 'security', 'passkeys'] as const;

/** DD/MM/YY HH:MM (spec §9, with the time) of an ISO 8601 time, in the browser's zone. */
export function formatDateTime(iso: string): string {
  const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
  return `${formatShortDate(iso)} ${time}`;
}
