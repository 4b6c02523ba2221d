/** Tests of the partner sign-on helpers (spec §2 /login in CREATIVE-ASSEMBLY and FOCUS). */
import { describe, expect, it } from 'vitest';
import { partnerSlug, withTrackingParameters } from './partner-url.ts';

describe('partner sign-on', () => {
  it('names the partner of the environment', () => {
    expect(partnerSlug('FOCUS')).toBe('focus');
    expect(partnerSlug('CREATIVE-ASSEMBLY')).toBe('creative-assembly');
  });
  it('adds the tracking parameters of the page, not the SSO ones nor those already present', () => {
    const url = withTrackingParameters(
      'https://sso.partner.test/login?client=1&utm_source=partner',
      new URLSearchParams(
        'redirectUrl=https%3A%2F%2Fx.test&client_id=c&utm_source=mail&utm_campaign=spring&referrer=bob',
      ),
    );
    const parsed = new URL(url);
    expect(parsed.searchParams.get('utm_source')).toBe('partner');
    expect(parsed.searchParams.get('utm_campaign')).toBe('spring');
    expect(parsed.searchParams.get('referrer')).toBe('bob');
    expect(parsed.searchParams.has('redirectUrl')).toBe(false);
    expect(parsed.searchParams.has('client_id')).toBe(false);
  });
});
