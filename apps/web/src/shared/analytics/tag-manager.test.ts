/** Tag-manager events only with the flag and analytics consent (spec §1, §4). */
import { describe, expect, it } from 'vitest';
import {
  consentCookieAssignments,
  ALL_ACCEPTED,
  ALL_REFUSED,
  type ConsentValues,
} from '../cookies/consent.ts';
import { pageView, pushOnConsentChange, pushTagManagerEvent, type DataLayerHost } from './tag-manager.ts';

const view = { event: 'page_view', page_path: '/login' };

/** The cookie header a browser holds after the consent manager wrote `values` (name=value pairs only). */
function headerAfter(values: ConsentValues, others = 'lang=fr'): string {
  const pairs = consentCookieAssignments(values, false).map((assignment) => assignment.split(';')[0]);
  return [others, ...pairs].join('; ');
}

describe('pushTagManagerEvent', () => {
  it('pushes into the data layer with the flag on and consent_analytics=1', () => {
    const host: DataLayerHost = {};
    expect(pushTagManagerEvent({ tagManager: true }, 'consent_analytics=1', view, host)).toBe(true);
    expect(pushTagManagerEvent({ tagManager: true }, 'consent_analytics=1', view, host)).toBe(true);
    expect(host.dataLayer).toEqual([view, view]);
  });

  it('keeps an existing data layer and appends to it', () => {
    const host: DataLayerHost = { dataLayer: [{ event: 'gtm.js' }] };
    pushTagManagerEvent({ tagManager: true }, 'consent_analytics=1', view, host);
    expect(host.dataLayer).toEqual([{ event: 'gtm.js' }, view]);
  });

  it('pushes nothing with the flag off or without analytics consent', () => {
    const host: DataLayerHost = {};
    expect(pushTagManagerEvent({ tagManager: false }, 'consent_analytics=1', view, host)).toBe(false);
    expect(pushTagManagerEvent({ tagManager: true }, 'consent_analytics=0', view, host)).toBe(false);
    expect(pushTagManagerEvent({ tagManager: true }, '', view, host)).toBe(false);
    expect(host.dataLayer).toBeUndefined();
  });
});

describe('pushOnConsentChange', () => {
  const on = { tagManager: true };

  it('pushes the current page view when a choice turns analytics consent on', () => {
    for (const before of [
      '',
      'lang=fr',
      headerAfter(ALL_REFUSED),
      headerAfter({ analytics: false, marketing: true }),
    ]) {
      const host: DataLayerHost = {};
      const after = headerAfter({ analytics: true, marketing: false });
      expect(pushOnConsentChange(on, { before, after }, pageView('/account'), host)).toBe(true);
      expect(host.dataLayer).toEqual([{ event: 'page_view', page_path: '/account' }]);
    }
  });

  it('pushes nothing when analytics stays refused, is withdrawn, or was already on', () => {
    const host: DataLayerHost = {};
    const cases: Array<[string, string]> = [
      ['', headerAfter(ALL_REFUSED)],
      ['', headerAfter({ analytics: false, marketing: true })],
      [headerAfter(ALL_ACCEPTED), headerAfter(ALL_REFUSED)],
      [headerAfter(ALL_ACCEPTED), headerAfter(ALL_ACCEPTED)],
      [headerAfter(ALL_ACCEPTED), headerAfter({ analytics: true, marketing: false })],
    ];
    for (const [before, after] of cases) {
      expect(pushOnConsentChange(on, { before, after }, view, host), `${before} → ${after}`).toBe(false);
    }
    expect(host.dataLayer).toBeUndefined();
  });

  it('pushes nothing with the tag-manager flag off, even when analytics is accepted', () => {
    const host: DataLayerHost = {};
    expect(
      pushOnConsentChange(
        { tagManager: false },
        { before: '', after: headerAfter(ALL_ACCEPTED) },
        view,
        host,
      ),
    ).toBe(false);
    expect(host.dataLayer).toBeUndefined();
  });
});
