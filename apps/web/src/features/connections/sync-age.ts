/**
 * Age of a connection's last sync (spec §2 Connections: "the age of the last sync (in days, hours,
 * minutes or seconds, rounded and pluralised)"): the largest unit that is at least 1, rounded.
 */

/** A unit and a rounded count, for the pluralised text `connections.age.<unit>`. */
export interface SyncAge {
  unit: 'days' | 'hours' | 'minutes' | 'seconds';
  count: number;
}

const UNITS: readonly [SyncAge['unit'], number][] = [
  ['days', 86_400_000],
  ['hours', 3_600_000],
  ['minutes', 60_000],
  ['seconds', 1000],
];

/** The age of `lastCheck` (ISO date) at `now`; null when unknown or unreadable. */
export function syncAge(lastCheck: string | null, now: number): SyncAge | null {
  if (!lastCheck) return null;
  const time = Date.parse(lastCheck);
  if (Number.isNaN(time)) return null;
  const elapsed = Math.max(0, now - time);
  for (const [unit, size] of UNITS) {
    if (elapsed >= size) return { unit, count: Math.round(elapsed / size) };
  }
  return { unit: 'seconds', count: 0 };
}
