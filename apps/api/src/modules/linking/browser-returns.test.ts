/**
 * The two addresses a provider sends the browser back to on the API (spec §4 Linking a provider: the
 * Steam partner variant and the Epic Games alternative redeemer). Whatever the query, they answer a 303
 * to the SPA's own callback page with the state carried as one encoded parameter: never a 500, never
 * another host, never a header injection. They hold no api key nor bearer, only the state.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORES, type TestApp } from '../../test/harness.ts';
import { NAUGHTY } from '../../test/bad-input-support.ts';
import { LINK_TEST_PUBLIC_URL, startLinkingApp } from './test-support.ts';

const ROUTES = [
  {
    path: '/api/steam/partner/callback',
    spa: '/steam/callback',
    fields: ['state', 'openid.mode', 'openid.sig'],
  },
  { path: '/api/epicgames/callback', spa: '/epic-games/callback', fields: ['state', 'code', 'error'] },
] as const;

describe.each(STORES)('provider returns to the API (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startLinkingApp(kind);
  });
  afterAll(() => t.close());

  // An unpaired surrogate travels as U+FFFD (URL encoding is UTF-8), hence toWellFormed().
  it('answers every naughty query with a redirect to the SPA callback, the state as given', async () => {
    const problems: string[] = [];
    // Every 7th string keeps the run short while covering each family of the corpus.
    const values = NAUGHTY.filter((_, i) => i % 7 === 0);
    for (const route of ROUTES) {
      for (const field of route.fields) {
        for (const value of values) {
          const res = await t.app.inject({ method: 'GET', url: route.path, query: { [field]: value } });
          const context = `${route.path}?${field}=${JSON.stringify(value).slice(0, 40)}`;
          if (res.statusCode === 400) continue; // refused by the schema (e.g. unpaired surrogates)
          const location = res.headers.location ?? '';
          const target = URL.canParse(location) ? new URL(location) : null;
          if (res.statusCode !== 303 || !target) problems.push(`${context} → ${res.statusCode}`);
          else if (target.origin !== LINK_TEST_PUBLIC_URL || target.pathname !== route.spa) {
            problems.push(`${context} → ${location}`);
          } else if (target.searchParams.get('state') !== (field === 'state' ? value.toWellFormed() : '')) {
            problems.push(`${context} → state ${target.searchParams.get('state')}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
