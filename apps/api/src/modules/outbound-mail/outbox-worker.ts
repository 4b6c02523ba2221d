/**
 * The outbox worker of one node (DESIGN.md §3 outgoing mail; issue 18; docs/architecture.md "Outgoing
 * mail"): delivers the rows of `mail_outbox` (outbox.ts) over SMTP.
 *
 * - Wake-up: `wake()` right after a transaction that queued mail commits (an in-process signal, so the
 *   mail leaves within milliseconds), and a poll every OUTBOX_POLL_INTERVAL_MS for the rest: rows
 *   queued by other nodes, retries that fell due, leases of stopped or killed nodes that ran out. A full
 *   batch is followed by the next claim at once.
 * - Claim: up to OUTBOX_BATCH_SIZE due rows with a lease of OUTBOX_LEASE_MS (outbox.ts
 *   `claimDueMail`: `FOR UPDATE SKIP LOCKED` on PostgreSQL, `BEGIN IMMEDIATE` on SQLite). Rows are sent
 *   one after the other, oldest first; a row is marked sent right after the SMTP server accepted it.
 *   No send starts in the second half of the lease: the rest of the batch is handed back (so the lease
 *   must exceed twice the longest SMTP conversation; nodemailer gives up after at most 40 s).
 * - Retry: a failed attempt is retried after an exponential back-off with jitter
 *   ({@link retryDelayMs}: OUTBOX_RETRY_BASE_MS doubling up to OUTBOX_RETRY_MAX_MS); after
 *   OUTBOX_MAX_ATTEMPTS attempts the row is dead, with its last error, for an operator.
 * - Delivery is at least once, as SMTP is: a node killed after the server accepted a message and before
 *   the row was marked sent sends it again after the lease (the copies share their Message-ID). A node
 *   killed before the server accepted it sends it once, after the lease.
 * - `stop()`: claims nothing more, lets the message being sent finish, hands the rest of the batch back,
 *   and resolves then (app.ts calls it from the app's onClose: graceful shutdown).
 * - Housekeeping: sent rows older than OUTBOX_SENT_RETENTION_HOURS are deleted, at most once a minute.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from './mailer.ts';
import { describeSendError } from './outbox.ts';
import {
  claimDueMail,
  markMailFailed,
  markMailSent,
  purgeSentMail,
  releaseMail,
  type ClaimedMail,
  type OutboxStore,
} from './store.ts';
import type { ActionMailInput } from './templates.ts';
import { HOUR_MS, MINUTE_MS } from '../../lib/time.ts';

/** The worker's numbers (OUTBOX_* variables, docs/configuration.md). Durations in ms. */
export interface OutboxSettings {
  /** Time between looks for due rows when nothing wakes the worker. */
  pollIntervalMs: number;
  /** Rows claimed at a time. */
  batchSize: number;
  /** How long a claim keeps other workers off its rows. */
  leaseMs: number;
  /** Back-off before the second attempt; doubles for each further attempt. */
  retryBaseMs: number;
  /** Longest back-off. */
  retryMaxMs: number;
  /** Attempts before a row is dead. */
  maxAttempts: number;
  /** Hours a sent row is kept (recipient, kind, Message-ID; its content is erased at once). */
  sentRetentionHours: number;
}

/** What became of one attempt (the metrics count them). */
export type DeliveryOutcome = 'sent' | 'retry' | 'dead';

/** A running worker. */
export interface OutboxWorker {
  /** New rows were committed: look now (several calls before the next look count as one). */
  wake(): void;
  /** Stops claiming; resolves once the message being sent is done and the rest is handed back. */
  stop(): Promise<void>;
}

/** What {@link startOutboxWorker} needs. */
export interface OutboxWorkerOptions {
  store: OutboxStore;
  mailer: Mailer;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  settings: OutboxSettings;
  /** Called once per attempt with its outcome (metrics). */
  onOutcome?: (outcome: DeliveryOutcome) => void;
}

/** Least time between two purges of sent rows. */
const PURGE_INTERVAL_MS = MINUTE_MS;

/**
 * The back-off before the attempt after attempt number `attempts` (1 = the first failed), in ms:
 * `min(retryMaxMs, retryBaseMs · 2^(attempts − 1))`, of which a random half ("equal jitter", so the
 * nodes' retries after an SMTP outage do not all come at once). `random` in [0, 1).
 */
export function retryDelayMs(
  attempts: number,
  settings: Pick<OutboxSettings, 'retryBaseMs' | 'retryMaxMs'>,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(settings.retryMaxMs, settings.retryBaseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** Starts the worker loop on `options.store` at once (it runs until {@link OutboxWorker.stop}). */
export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { store, mailer, log, settings } = options;
  let stopping = false;
  let woken = false;
  let interrupt: (() => void) | null = null;
  let lastPurge = 0;

  /** Waits up to `ms`, or until woken or stopped. */
  const idle = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken || stopping) {
        resolve();
        return;
      }
      const done = () => {
        clearTimeout(timer);
        interrupt = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      timer.unref();
      interrupt = done;
    });

  async function deliver(mail: ClaimedMail): Promise<void> {
    try {
      if (mail.attempts > settings.maxAttempts)
        throw new Error('too many interrupted attempts (the nodes stopped while delivering it)');
      if (mail.content === null) throw new Error('no content');
      // Loaded with the first mail: a node with nothing to send keeps React and the templates out of its
      // memory (issue 23 P5).
      const { renderActionMail } = await import('./templates.ts');
      const rendered = await renderActionMail(JSON.parse(mail.content) as ActionMailInput);
      await mailer.send(mail.recipient, rendered, { messageId: mail.messageId });
    } catch (error) {
      const description = describeSendError(error);
      const dead = mail.attempts >= settings.maxAttempts;
      const retryAt = dead ? null : new Date(Date.now() + retryDelayMs(mail.attempts, settings));
      await markMailFailed(store.db, mail, description, retryAt);
      options.onOutcome?.(dead ? 'dead' : 'retry');
      // The row id and kind, never the address or the content.
      log[dead ? 'error' : 'warn'](
        { outboxId: mail.id, kind: mail.kind, attempts: mail.attempts, error: description },
        dead ? 'e-mail given up: dead in the outbox' : 'e-mail delivery failed: retrying later',
      );
      return;
    }
    await markMailSent(store.db, mail.id);
    options.onOutcome?.('sent');
  }

  /** One claim and its deliveries; returns how many rows were claimed. */
  async function cycle(): Promise<number> {
    const claimedAt = Date.now();
    const batch = await claimDueMail(store, settings.batchSize, settings.leaseMs);
    for (const [index, mail] of batch.entries()) {
      if (stopping || Date.now() - claimedAt > settings.leaseMs / 2) {
        await releaseMail(store.db, batch.slice(index));
        break;
      }
      await deliver(mail);
    }
    if (batch.length < settings.batchSize && Date.now() - lastPurge >= PURGE_INTERVAL_MS) {
      lastPurge = Date.now();
      await purgeSentMail(store.db, new Date(Date.now() - settings.sentRetentionHours * HOUR_MS));
    }
    return batch.length;
  }

  async function run(): Promise<void> {
    while (!stopping) {
      woken = false;
      let claimed = 0;
      try {
        claimed = await cycle();
      } catch (error) {
        // The store is unreachable or the claim failed: try again at the next poll.
        log.error({ err: error }, 'outbox worker cycle failed');
      }
      if (claimed < settings.batchSize) await idle(settings.pollIntervalMs);
    }
  }

  const running = run();
  return {
    wake() {
      woken = true;
      interrupt?.();
    },
    async stop() {
      stopping = true;
      interrupt?.();
      await running;
    },
  };
}
