/**
 * The transactional outbox of e-mails (DESIGN.md §3 outgoing mail; issue 18; docs/architecture.md
 * "Outgoing mail"; table `mail_outbox`, migration 0014). Every e-mail — register verification, e-mail
 * confirmation resends, e-mail change (confirm, notice, recovery), password recovery, newsletter
 * confirmation — is written here through the transaction of the change that causes it, so a
 * committed change always has its mail and a rolled-back one never does; each node's worker
 * (outbox-worker.ts) delivers the rows over SMTP with retries. Requests never wait for SMTP.
 *
 * What a row holds: the action mail's input (`ActionMailInput`: brand, subject, lines, the link), not
 * the rendered HTML. Rendering with React Email costs several milliseconds of CPU (about 6 ms median on
 * the development machine); in the worker it leaves the request path, so that a request that queues a
 * mail answers as fast as one that does not (password recovery for a known and an unknown address).
 * The words and the link are still decided in the request, when the change happens; only the layout is
 * applied at delivery. The content is erased once sent: its link is a single-use secret.
 *
 * This file is the store side (enqueue, claim, outcome, backlog, operator retry, purge); the worker
 * and its schedule are in outbox-worker.ts.
 */
import { sql, type Kysely } from 'kysely';
import addressparser from 'nodemailer/lib/addressparser';
import type { Database } from '../../db/schema.ts';
import type { StoreDialect } from '../../db/database.ts';
import { uuid } from '../../lib/crypto.ts';
import { isoNow } from '../../lib/time.ts';
import type { ActionMailInput } from './templates.ts';

/** What a queued e-mail is; the kinds of the call sites (one per template use). */
export type MailKind =
  | 'register-verification'
  | 'email-update-confirm'
  | 'email-update-notice'
  | 'email-update-recovery'
  | 'password-recovery'
  | 'newsletter-joined';

/** A row's state: waiting for (another) attempt, delivered, or given up after the last attempt. */
export type OutboxStatus = 'pending' | 'sent' | 'dead';

/** An e-mail to queue: its kind, recipient address, owner (users.id, null for nobody) and content. */
export interface OutboxMail {
  kind: MailKind;
  to: string;
  userId: number | null;
  content: ActionMailInput;
}

/** A claimed row, as the worker delivers it. */
export interface ClaimedMail {
  id: number;
  messageId: string;
  kind: string;
  recipient: string;
  /** JSON of the `ActionMailInput` (null only if erased meanwhile: then nothing is left to send). */
  content: string | null;
  /** Attempts including this one. */
  attempts: number;
  /** The lease (ISO 8601): the outcome is recorded only while the row still holds it. */
  claimedUntil: string;
}

/** The store handle the outbox works on: Kysely plus its dialect (the claim differs). */
export interface OutboxStore {
  db: Kysely<Database>;
  dialect: StoreDialect;
}

/**
 * The outbox as the API's modules use it (`AppContext.outbox`, built by app.ts):
 * `await ctx.outbox.enqueue(trx, mail)` inside the transaction of the change, then `ctx.outbox.wake()`
 * once it committed.
 */
export interface MailOutbox {
  /** {@link enqueueMail} with this node's Message-ID domain; returns the Message-ID. */
  enqueue(db: Kysely<Database>, mail: OutboxMail): Promise<string>;
  /** Tells this node's worker that queued rows were committed (it delivers them at once). */
  wake(): void;
}

/**
 * The domain of the Message-IDs: that of MAIL_FROM's address (`Guildgate <no-reply@guildgate.test>` →
 * `guildgate.test`), `guildgate.invalid` when it has none.
 */
export function messageIdDomain(mailFrom: string): string {
  const [first] = addressparser(mailFrom, { flatten: true });
  const domain = first?.address.split('@')[1];
  return domain && /^[A-Za-z0-9.-]+$/.test(domain) ? domain : 'guildgate.invalid';
}

/**
 * Writes `mail` into the outbox through `db` — pass the transaction of the change that causes the mail
 * — as a pending row due now, with a new Message-ID `<uuid@domain>`. The caller wakes the node's worker
 * after the transaction commits (`MailOutbox.wake`); without that, the next poll finds the row.
 * @returns the Message-ID
 */
export async function enqueueMail(db: Kysely<Database>, mail: OutboxMail, domain: string): Promise<string> {
  const messageId = `<${uuid()}@${domain}>`;
  const now = isoNow();
  await db
    .insertInto('mail_outbox')
    .values({
      message_id: messageId,
      kind: mail.kind,
      user_id: mail.userId,
      recipient: mail.to,
      content: JSON.stringify(mail.content),
      status: 'pending' satisfies OutboxStatus,
      attempts: 0,
      next_attempt_at: now,
      claimed_until: null,
      last_error: null,
      created_at: now,
      sent_at: null,
    })
    .execute();
  return messageId;
}

/**
 * Claims up to `limit` due rows (pending, `next_attempt_at` passed, no live lease) for one worker, in
 * queue order: each gets a lease until `now + leaseMs` and one more attempt counted. Two workers never
 * claim the same row while its lease lasts:
 * - PostgreSQL: `UPDATE … WHERE id IN (SELECT id … ORDER BY id LIMIT n FOR UPDATE SKIP LOCKED)
 *   RETURNING …` — concurrent claims lock different rows and skip each other's;
 * - SQLite: the same UPDATE … RETURNING inside `BEGIN IMMEDIATE`, which takes the database's single
 *   write lock before reading, so claims (of this and of other processes on the same file) run one
 *   after the other on fresh data.
 * A row whose lease passed (its node died or stopped mid-delivery) is due again.
 * @returns the claimed rows, oldest first
 */
export async function claimDueMail(
  store: OutboxStore,
  limit: number,
  leaseMs: number,
  now: Date = new Date(),
): Promise<ClaimedMail[]> {
  const at = isoNow(now);
  const claimedUntil = isoNow(new Date(now.getTime() + leaseMs));
  const update = (db: Kysely<Database>) =>
    db
      .updateTable('mail_outbox')
      .set((eb) => ({ claimed_until: claimedUntil, attempts: eb('attempts', '+', 1) }))
      .where('id', 'in', (eb) => {
        const due = eb
          .selectFrom('mail_outbox')
          .select('id')
          .where('status', '=', 'pending' satisfies OutboxStatus)
          .where('next_attempt_at', '<=', at)
          .where((w) => w.or([w('claimed_until', 'is', null), w('claimed_until', '<=', at)]))
          .orderBy('id')
          .limit(limit);
        return store.dialect === 'postgres' ? due.forUpdate().skipLocked() : due;
      })
      .returning(['id', 'message_id', 'kind', 'recipient', 'content', 'attempts']);
  let rows: Awaited<ReturnType<ReturnType<typeof update>['execute']>>;
  if (store.dialect === 'postgres') {
    rows = await update(store.db).execute();
  } else {
    rows = await store.db.connection().execute(async (connection) => {
      await sql`begin immediate`.execute(connection);
      try {
        const claimed = await update(connection).execute();
        await sql`commit`.execute(connection);
        return claimed;
      } catch (error) {
        await sql`rollback`.execute(connection);
        throw error;
      }
    });
  }
  return rows
    .map((r) => ({
      id: r.id,
      messageId: r.message_id,
      kind: r.kind,
      recipient: r.recipient,
      content: r.content,
      attempts: Number(r.attempts),
      claimedUntil,
    }))
    .sort((a, b) => a.id - b.id);
}

/** Marks row `id` sent now, ends its lease and erases its content (the link in it is a secret). */
export async function markMailSent(db: Kysely<Database>, id: number): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ status: 'sent' satisfies OutboxStatus, sent_at: isoNow(), claimed_until: null, content: null })
    .where('id', '=', id)
    .execute();
}

/**
 * Records a failed attempt of claimed row `mail`: `error` (already free of links, see
 * `describeSendError`), and either the next attempt at `retryAt` (status stays pending) or, with
 * `retryAt` null, the dead state. Nothing changes when the row no longer holds this claim's lease
 * (it ran out and another worker claimed the row).
 */
export async function markMailFailed(
  db: Kysely<Database>,
  mail: Pick<ClaimedMail, 'id' | 'claimedUntil'>,
  error: string,
  retryAt: Date | null,
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({
      status: (retryAt ? 'pending' : 'dead') satisfies OutboxStatus,
      last_error: error,
      claimed_until: null,
      ...(retryAt ? { next_attempt_at: isoNow(retryAt) } : {}),
    })
    .where('id', '=', mail.id)
    .where('claimed_until', '=', mail.claimedUntil)
    .execute();
}

/**
 * Hands claimed rows `mails` — rows of one claim, sharing its lease — back unsent (a stopping worker,
 * or one whose lease runs short): the lease ends and the attempt counted by the claim is taken back,
 * so any worker may claim them at once. Rows no longer holding this claim's lease are left alone.
 */
export async function releaseMail(
  db: Kysely<Database>,
  mails: ReadonlyArray<Pick<ClaimedMail, 'id' | 'claimedUntil'>>,
): Promise<void> {
  const [first] = mails;
  if (!first) return;
  await db
    .updateTable('mail_outbox')
    .set((eb) => ({ claimed_until: null, attempts: eb('attempts', '-', 1) }))
    .where(
      'id',
      'in',
      mails.map((m) => m.id),
    )
    .where('claimed_until', '=', first.claimedUntil)
    .where('status', '=', 'pending' satisfies OutboxStatus)
    .execute();
}

/** The outbox's backlog (metrics, /api/ready): counts and the age of the oldest waiting mail. */
export interface OutboxBacklog {
  /** Rows waiting for delivery (first attempt or a retry). */
  pending: number;
  /** Seconds since the oldest pending row was queued (0 when none is). */
  oldestPendingAgeSeconds: number;
  /** Rows given up after OUTBOX_MAX_ATTEMPTS attempts, waiting for an operator (docs/operations.md). */
  dead: number;
}

/**
 * The backlog of the outbox at `now` (one query; for GET /api/metrics and the readiness probe).
 * @throws the store's error when it cannot be reached
 */
export async function outboxBacklog(db: Kysely<Database>, now: Date = new Date()): Promise<OutboxBacklog> {
  const rows = await db
    .selectFrom('mail_outbox')
    .select((eb) => [
      'status',
      eb.fn.countAll<number | string>().as('n'),
      eb.fn.min('created_at').as('oldest'),
    ])
    .where('status', 'in', ['pending', 'dead'] satisfies OutboxStatus[])
    .groupBy('status')
    .execute();
  const pending = rows.find((r) => r.status === 'pending');
  const dead = rows.find((r) => r.status === 'dead');
  const oldest = pending?.oldest ? Date.parse(pending.oldest) : null;
  return {
    pending: Number(pending?.n ?? 0),
    oldestPendingAgeSeconds: oldest === null ? 0 : Math.max(0, (now.getTime() - oldest) / 1000),
    dead: Number(dead?.n ?? 0),
  };
}

/**
 * Operators (docs/operations.md "Outgoing mail", `npm run outbox -- status`): the dead rows, oldest
 * first, with their kind, recipient, attempts, queue time (`created_at`, ISO 8601) and last error.
 */
export function deadMail(db: Kysely<Database>) {
  return db
    .selectFrom('mail_outbox')
    .select(['id', 'kind', 'recipient', 'attempts', 'created_at', 'last_error'])
    .where('status', '=', 'dead')
    .orderBy('id')
    .execute();
}

/**
 * Operators (docs/operations.md "Outgoing mail", `npm run outbox -- retry`): puts dead row `id` — or
 * every dead row when `id` is omitted — back in the queue, due now with its attempts reset.
 * @returns how many rows were revived
 */
export async function retryDeadMail(db: Kysely<Database>, id?: number): Promise<number> {
  let query = db
    .updateTable('mail_outbox')
    .set({
      status: 'pending' satisfies OutboxStatus,
      attempts: 0,
      next_attempt_at: isoNow(),
      claimed_until: null,
    })
    .where('status', '=', 'dead' satisfies OutboxStatus);
  if (id !== undefined) query = query.where('id', '=', id);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Deletes the sent rows delivered before `before` (they keep the recipient, which is player data, and
 * nothing an operator still needs). Pending and dead rows stay.
 * @returns how many rows were deleted
 */
export async function purgeSentMail(db: Kysely<Database>, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('mail_outbox')
    .where('status', '=', 'sent' satisfies OutboxStatus)
    .where('sent_at', '<', isoNow(before))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Most characters of an error kept in `last_error`. */
export const MAX_ERROR_LENGTH = 500;

/**
 * A failed attempt's error as stored in `last_error` and logged: nodemailer's code and SMTP response
 * code when present, then the message, with every URL (a link carries a single-use token; an SMTP
 * URL may carry a password) replaced by `[url]`, on one line, at most {@link MAX_ERROR_LENGTH}
 * characters. E.g. `ECONNECTION: connect ECONNREFUSED 127.0.0.1:2525`.
 */
export function describeSendError(error: unknown): string {
  const e = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown;
    responseCode?: unknown;
    message?: unknown;
  };
  const message = typeof e.message === 'string' ? e.message : String(error);
  const code = typeof e.code === 'string' ? e.code : 'ERROR';
  const response = typeof e.responseCode === 'number' ? ` ${e.responseCode}` : '';
  return `${code}${response}: ${message}`
    .replace(/[a-z][a-z0-9+.-]*:\/\/\S+/gi, '[url]')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_ERROR_LENGTH);
}
