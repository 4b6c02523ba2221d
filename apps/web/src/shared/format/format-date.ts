/** Date display of spec §9 "Dates: DD/MM/YY" (account dashboard 'registered since', spec §2). */

/**
 * Formats an ISO 8601 timestamp as DD/MM/YY; '' when it cannot be read.
 * @param iso the timestamp (e.g. User.CreatedAt)
 * @param timeZone the zone to read the calendar day in (default: the browser's)
 */
export function formatShortDate(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const parts = new Intl.DateTimeFormat('en-GB', {
    day: '2-digit',
    month: '2-digit',
    year: '2-digit',
    timeZone,
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')}`;
}
