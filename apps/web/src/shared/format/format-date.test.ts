/** Tests of the DD/MM/YY display (spec §9). */
import { describe, expect, it } from 'vitest';
import { formatShortDate } from './format-date.ts';

describe('formatShortDate', () => {
  it('formats as DD/MM/YY', () => {
    expect(formatShortDate('2024-03-07T10:00:00Z', 'UTC')).toBe('07/03/24');
    expect(formatShortDate('1999-12-31T23:00:00Z', 'UTC')).toBe('31/12/99');
  });
  it('reads the calendar day in the given time zone', () => {
    expect(formatShortDate('2024-03-07T23:30:00Z', 'Europe/Paris')).toBe('08/03/24');
  });
  it('returns an empty text for an unreadable date', () => {
    expect(formatShortDate('not a date', 'UTC')).toBe('');
  });
});
