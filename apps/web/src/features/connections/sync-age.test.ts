/** Tests of the last-sync age (spec §2 Connections). */
import { describe, expect, it } from 'vitest';
import { syncAge } from './sync-age.ts';

const NOW = Date.parse('2025-06-10T12:00:00Z');

describe('syncAge', () => {
  it('uses the largest unit that is at least one, rounded', () => {
    expect(syncAge('2025-06-08T00:00:00Z', NOW)).toEqual({ unit: 'days', count: 3 });
    expect(syncAge('2025-06-10T09:20:00Z', NOW)).toEqual({ unit: 'hours', count: 3 });
    expect(syncAge('2025-06-10T11:59:00Z', NOW)).toEqual({ unit: 'minutes', count: 1 });
    expect(syncAge('2025-06-10T11:59:58Z', NOW)).toEqual({ unit: 'seconds', count: 2 });
  });
  it('is null without a readable date, and never negative', () => {
    expect(syncAge(null, NOW)).toBeNull();
    expect(syncAge('soon', NOW)).toBeNull();
    expect(syncAge('2025-06-11T00:00:00Z', NOW)).toEqual({ unit: 'seconds', count: 0 });
  });
});
