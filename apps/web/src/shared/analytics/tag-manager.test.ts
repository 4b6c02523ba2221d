/** Tag-manager events only with the flag and analytics consent (spec §1, §4). */
import { describe, expect, it } from 'vitest';
import { pushTagManagerEvent, type DataLayerHost } from './tag-manager.ts';

const view = { event: 'page_view', page_path: '/login' };

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
