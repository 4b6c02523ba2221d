/**
 * Load shedding before the event loop stalls (issue 18; docs/operations.md "Load shedding";
 * `@fastify/under-pressure`): after the event loop was held up past PRESSURE_MAX_EVENT_LOOP_DELAY_MS,
 * API calls answer 503 ERROR_SERVICE_UNAVAILABLE with Retry-After in the §8 shape until a sample
 * without delay; /api/health (liveness) always answers. The real app; the delay is a real one (the
 * test holds the event loop for 1.5 s).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMOUS, startTestApp, type TestApp } from '../test/harness.ts';
import { expectErrors } from '../test/helpers.ts';
import { waitUntil } from '../test/throwaway-services.ts';

/** Keeps the event loop busy for `ms` milliseconds. */
function holdEventLoop(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // busy: no timer, no I/O runs meanwhile
  }
}

describe('load shedding', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { env: { PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '200' } });
  });
  afterAll(async () => {
    await t.close();
  });

  const identify = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/log/identify',
      headers: ANONYMOUS,
      payload: { UsernameOrEmail: 'Nobody' },
    });

  it('answers 503 with Retry-After after an event-loop stall, health still 200, then recovers', async () => {
    expect((await identify()).statusCode).toBe(400);
    // under-pressure samples every second the mean event-loop delay since its last sample, so one stall
    // late in a sample's second is diluted by that second's short delays. The first stall makes the
    // overdue sample run as soon as the loop is free; the second starts right after it, undiluted.
    holdEventLoop(1500);
    await new Promise((resolve) => setTimeout(resolve, 20));
    holdEventLoop(1500);
    // The stall is measured at the next sample, overdue when the loop is free again.
    await waitUntil('shedding', async () => (await identify()).statusCode === 503, 3000);
    const shed = await identify();
    expectErrors(shed, 503, [['', 'ERROR_SERVICE_UNAVAILABLE']]);
    expect(shed.headers['retry-after']).toBe('5');
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    await waitUntil('recovered', async () => (await identify()).statusCode === 400, 5000);
  }, 30_000);
});
