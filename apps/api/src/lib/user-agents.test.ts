/** The device of a User-Agent (lib/user-agents.ts) for the agents players use, and unknown ones. */
import { describe, expect, it } from 'vitest';
import { describeDevice } from './user-agents.ts';

describe('describeDevice', () => {
  it('names the browser, its major version, the OS and a desktop', () => {
    expect(
      describeDevice(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.85 Safari/537.36',
      ),
    ).toEqual({ Browser: 'Chrome 131', Os: 'Windows 10', Type: 'desktop', Model: null });
  });

  it('names a phone and its model', () => {
    expect(
      describeDevice(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ Browser: 'Mobile Safari 17', Os: 'iOS 17.5', Type: 'mobile', Model: 'Apple iPhone' });
  });

  it('knows nothing of a missing or meaningless agent', () => {
    const unknown = { Browser: null, Os: null, Type: null, Model: null };
    expect(describeDevice(null)).toEqual(unknown);
    expect(describeDevice('')).toEqual(unknown);
    expect(describeDevice('lightMyRequest')).toEqual(unknown);
  });
});
