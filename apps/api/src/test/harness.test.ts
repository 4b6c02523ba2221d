/**
 * The test harness itself: apps start on fresh stores while other tests' apps close and drop theirs,
 * as happens across the parallel test files. On PostgreSQL a schema dropped during another app's
 * migration made that migration fail ('schema "t_…" does not exist'); the harness now orders the two.
 */
import { describe, expect, it } from 'vitest';
import { STORES, startTestApp, type TestApp } from './harness.ts';

/** Rounds of start-ups, each overlapping the closing of the previous round's apps. */
const ROUNDS = 5;
/** Apps started at once per round. */
const APPS_PER_ROUND = 4;

describe.each(STORES)('test apps on %s', (kind) => {
  it('start while other apps close and drop their stores', { timeout: 120_000 }, async () => {
    const failures: string[] = [];
    let open: TestApp[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const closing = Promise.all(open.map((t) => t.close()));
      const started = await Promise.allSettled(
        Array.from({ length: APPS_PER_ROUND }, () => startTestApp(kind)),
      );
      await closing;
      open = [];
      for (const result of started) {
        if (result.status === 'fulfilled') open.push(result.value);
        else failures.push(String(result.reason));
      }
    }
    // Every app works on its own store.
    for (const t of open) expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    await Promise.all(open.map((t) => t.close()));
    expect(failures).toEqual([]);
  });
});
