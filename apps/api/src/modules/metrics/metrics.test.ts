/** Prometheus metrics at GET /api/metrics (DESIGN.md §8). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMOUS, startTestApp, type TestApp } from '../../test/harness.ts';

describe('GET /api/metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(async () => {
    await t.close();
  });

  it('counts requests by route pattern, never by raw path', async () => {
    const identity = 'secret-identity-handle-value';
    await t.app.inject({ method: 'GET', url: `/api/token/${identity}`, headers: ANONYMOUS });
    const res = await t.app.inject({ method: 'GET', url: '/api/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain(
      'guildgate_http_request_duration_seconds_count{method="GET",route="/api/token/:identity",status_code="400"} 1',
    );
    expect(res.body).toContain('guildgate_process_cpu_seconds_total');
    expect(res.body).not.toContain(identity);
  });
});
