/** Tests of the last-sync age and its wording (spec §2 Connections: rounded and pluralised). */
import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { RESOURCES } from '../../shared/i18n/resources.ts';
import { lastSyncText, syncAge } from './sync-age.ts';

const NOW = Date.parse('2025-06-10T12:00:00Z');
/** The ISO date `ms` before NOW. */
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

async function translator(lng: 'en' | 'fr') {
  const i18n = i18next.createInstance();
  await i18n.init({ resources: RESOURCES, lng, interpolation: { escapeValue: false } });
  return i18n.t;
}

describe('syncAge', () => {
  it('uses the largest unit that is at least one, rounded', () => {
    expect(syncAge('2025-06-08T00:00:00Z', NOW)).toEqual({ unit: 'days', count: 3 });
    expect(syncAge('2025-06-10T09:20:00Z', NOW)).toEqual({ unit: 'hours', count: 3 });
    expect(syncAge('2025-06-10T11:59:00Z', NOW)).toEqual({ unit: 'minutes', count: 1 });
    expect(syncAge('2025-06-10T11:59:58Z', NOW)).toEqual({ unit: 'seconds', count: 2 });
    expect(syncAge(ago(D + 11 * H), NOW)).toEqual({ unit: 'days', count: 1 });
    expect(syncAge(ago(D + 13 * H), NOW)).toEqual({ unit: 'days', count: 2 });
  });
  it('says the next unit up when rounding reaches it', () => {
    expect(syncAge(ago(59.6 * S), NOW)).toEqual({ unit: 'minutes', count: 1 });
    expect(syncAge(ago(59.5 * M), NOW)).toEqual({ unit: 'hours', count: 1 });
    expect(syncAge(ago(23.6 * H), NOW)).toEqual({ unit: 'days', count: 1 });
    expect(syncAge(ago(59.4 * S), NOW)).toEqual({ unit: 'seconds', count: 59 });
  });
  it('is null without a readable date, and never negative', () => {
    expect(syncAge(null, NOW)).toBeNull();
    expect(syncAge('soon', NOW)).toBeNull();
    expect(syncAge('2025-06-11T00:00:00Z', NOW)).toEqual({ unit: 'seconds', count: 0 });
  });
});

describe('lastSyncText', () => {
  it('pluralises each unit in English', async () => {
    const t = await translator('en');
    expect(lastSyncText(t, ago(D), NOW)).toBe('Last synchronised 1 day ago');
    expect(lastSyncText(t, ago(3 * D), NOW)).toBe('Last synchronised 3 days ago');
    expect(lastSyncText(t, ago(H), NOW)).toBe('Last synchronised 1 hour ago');
    expect(lastSyncText(t, ago(5 * H), NOW)).toBe('Last synchronised 5 hours ago');
    expect(lastSyncText(t, ago(M), NOW)).toBe('Last synchronised 1 minute ago');
    expect(lastSyncText(t, ago(42 * M), NOW)).toBe('Last synchronised 42 minutes ago');
    expect(lastSyncText(t, ago(S), NOW)).toBe('Last synchronised 1 second ago');
    expect(lastSyncText(t, ago(0), NOW)).toBe('Last synchronised 0 seconds ago');
    expect(lastSyncText(t, ago(59.7 * S), NOW)).toBe('Last synchronised 1 minute ago');
    expect(lastSyncText(t, null, NOW)).toBe('Never synchronised');
  });
  it('pluralises in French too', async () => {
    const t = await translator('fr');
    const one = lastSyncText(t, ago(D), NOW);
    const two = lastSyncText(t, ago(2 * D), NOW);
    expect(one).toMatch(/\b1 jour\b/);
    expect(two).toMatch(/\b2 jours\b/);
  });
});
