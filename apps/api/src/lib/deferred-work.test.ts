/** Deferred work (lib/deferred-work.ts): after the current turn, failures logged, drained on close. */
import { describe, expect, it } from 'vitest';
import { createDeferredWork } from './deferred-work.ts';

describe('deferred work', () => {
  it('starts a task after the current turn and drains it, and the tasks it started meanwhile', async () => {
    const errors: unknown[] = [];
    const work = createDeferredWork({ error: (detail: unknown) => errors.push(detail) });
    const done: string[] = [];
    work.run('first', async () => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      done.push('first');
      work.run('second', async () => {
        await new Promise((resolve) => setTimeout(resolve, 30));
        done.push('second');
      });
    });
    expect(done).toEqual([]);
    await work.drain();
    expect(done).toEqual(['first', 'second']);
    expect(errors).toEqual([]);
  });

  it('logs a failing task and keeps going', async () => {
    const logged: Array<[unknown, string]> = [];
    const work = createDeferredWork({
      error: (detail: unknown, message?: string) => logged.push([detail, message!]),
    });
    let ran = false;
    work.run('password recovery', async () => {
      throw new Error('store unreachable');
    });
    work.run('other', async () => {
      ran = true;
    });
    await work.drain();
    expect(ran).toBe(true);
    expect(logged).toHaveLength(1);
    expect(logged[0][1]).toBe('password recovery failed');
    expect((logged[0][0] as { err: Error }).err.message).toBe('store unreachable');
  });
});
