/** Time helpers: the store keeps ISO 8601 UTC strings (see db/schema.ts). */

/** `date` (default now) as an ISO 8601 UTC string. */
export function isoNow(date: Date = new Date()): string {
  return date.toISOString();
}

/** Now plus `ms` milliseconds, as ISO 8601. */
export function isoIn(ms: number): string {
  return new Date(Date.now() + ms).toISOString();
}

export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
