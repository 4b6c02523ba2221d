/**
 * Age of a connection's last sync (spec §2 Connections: "the age of the last sync (in days, hours,
 * minutes or seconds, rounded and pluralised)"): the largest unit that is at least 1, rounded to the
 * nearest whole unit; a count that rounds up to the next unit is said in that unit (59.6 s is "1
 * minute", 23.6 h "1 day"). {@link lastSyncText} turns it into the pluralised sentence.
 */
import type { TFunction } from 'i18next';

/** A unit and a rounded count, for the pluralised text `connections.age.<unit>`. */
export interface SyncAge {
  unit: 'days' | 'hours' | 'minutes' | 'seconds';
  count: number;
}

/** Units from the largest, with their size in ms. */
const UNITS: readonly [SyncAge['unit'], number][] = [
  ['days', 86_400_000],
  ['hours', 3_600_000],
  ['minutes', 60_000],
  ['seconds', 1000],
];

/** The age of `lastCheck` (ISO date) at `now` (ms since the epoch); null when unknown or unreadable. */
export function syncAge(lastCheck: string | null, now: number): SyncAge | null {
  if (!lastCheck) return null;
  const time = Date.parse(lastCheck);
  if (Number.isNaN(time)) return null;
  const elapsed = Math.max(0, now - time);
  for (const [i, [unit, size]] of UNITS.entries()) {
    if (elapsed < size) continue;
    const count = Math.round(elapsed / size);
    const larger = i > 0 ? UNITS[i - 1] : undefined;
    // Rounding reached the next unit up (e.g. 60 minutes): say 1 of that unit.
    if (larger && count * size >= larger[1]) return { unit: larger[0], count: 1 };
    return { unit, count };
  }
  return { unit: 'seconds', count: 0 };
}

/**
 * The Connections row's sync line: "Last synchronised 3 days ago", or "Never synchronised" without a
 * readable LastCheck (texts `connections.lastSync`, `connections.age.<unit>` with i18next plurals,
 * `connections.neverSynced`).
 */
export function lastSyncText(t: TFunction, lastCheck: string | null, now: number): string {
  const age = syncAge(lastCheck, now);
  if (!age) return t('connections.neverSynced');
  return t('connections.lastSync', { age: t(`connections.age.${age.unit}`, { count: age.count }) });
}
