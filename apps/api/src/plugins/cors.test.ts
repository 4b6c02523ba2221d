/** CORS allow-list of the account API (DESIGN.md §1: SPA on a CDN, API elsewhere). */
import { afterEach, describe, expect, it } from 'vitest';
import { ANONYMOUS, startTestApp, type TestApp } from '../test/harness.ts';

const CDN = 'https://cdn.studio.example';

function preflight(t: TestApp, origin: string) {
  return t.app.inject({
    method: 'OPTIONS',
    url: '/api/log/identify',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type,authorization,x-api-key',
    },
  });
}

describe('CORS', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('answers the preflight and calls of an allowed origin only', async () => {
    t = await startTestApp('sqlite', { env: { CORS_ORIGINS: `${CDN}/` } });
    const allowed = await preflight(t, CDN);
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe(CDN);
    expect(String(allowed.headers['access-control-allow-headers'])).toContain('x-api-key');
    expect(allowed.headers['access-control-allow-credentials']).toBeUndefined();

    const other = await preflight(t, 'https://evil.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();

    const call = await t.app.inject({
      method: 'GET',
      url: '/api/redirect/allowed-redirect-domains',
      headers: { ...ANONYMOUS, origin: CDN },
    });
    expect(call.statusCode).toBe(200);
    expect(call.headers['access-control-allow-origin']).toBe(CDN);
  });

  it('sends no CORS header at all when no origin is configured', async () => {
    t = await startTestApp('sqlite');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/redirect/allowed-redirect-domains',
      headers: { ...ANONYMOUS, origin: CDN },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
