/**
 * Work a request starts and does not wait for: what must not show in the answer's timing. Password
 * recovery and the confirmation resend answer alike whether or not the address belongs to a player
 * (spec §2, no enumeration; issue 18): the look-up, the link and its mail in the outbox
 * (modules/outbound-mail/outbox.ts) are written after the answer has left, so its time does not depend on the
 * address either. The work is in-process and not durable until its own transaction commits: a node
 * killed in between loses the request, and the player asks again (nothing was promised but "if the
 * address is known, a mail is on its way").
 */
import type { FastifyBaseLogger } from 'fastify';

/** A node's deferred work (`AppContext.deferred`). */
export interface DeferredWork {
  /**
   * Runs `task` once the current turn of the event loop is over (the answer being sent goes first);
   * a failure is logged as `what` and goes no further.
   */
  run(what: string, task: () => Promise<void>): void;
  /** Resolves once every task started so far has settled (graceful shutdown, before the store closes). */
  drain(): Promise<void>;
}

/** Creates the deferred work of one node, logging failures to `log`. */
export function createDeferredWork(log: Pick<FastifyBaseLogger, 'error'>): DeferredWork {
  const running = new Set<Promise<void>>();
  return {
    run(what, task) {
      const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((error: unknown) => log.error({ err: error }, `${what} failed`))
        .finally(() => running.delete(done));
      running.add(done);
    },
    async drain() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
