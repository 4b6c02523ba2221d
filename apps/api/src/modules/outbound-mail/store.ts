/**
 * The store of the mail outbox (`mail_outbox`, migration 0014; DESIGN.md §3 outgoing mail): one row per
 * e-mail with its Message-ID, kind, owner (`user_id`, null for nobody), recipient, JSON content (erased
 * once sent), status, attempts, lease (`claimed_until`) and ISO-8601 times. outbox.ts enqueues,
 * outbox-worker.ts claims and records outcomes, operators retry (`npm run outbox`).
 */
import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { StoreDialect } from '../../db/database.ts';
import { isoNow } from '../../lib/time.ts';

/** A row's state: waiting for (another) attempt, delivered, or given up after the last attempt. */
export type OutboxStatus = 'pending' | 'sent' | 'dead';

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

/** Inserts one outbox row (outbox.ts `enqueueMail` builds it). */
export async function insertOutboxRow(
  db: Kysely<Database>,
  row: Insertable<Database['mail_outbox']>,
): Promise<void> {
  await db.insertInto('mail_outbox').values(row).execute();
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
      attempts: r.attempts,
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
  const first = mails.at(0);
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

/** A dead row as operators list it (`npm run outbox -- status`). */
export interface DeadMailRow {
  id: number;
  kind: string;
  recipient: string;
  attempts: number;
  created_at: string;
  last_error: string | null;
}

/** Every dead row, oldest first (`npm run outbox -- status`). */
export function deadMailRows(db: Kysely<Database>): Promise<DeadMailRow[]> {
  return db
    .selectFrom('mail_outbox')
    .select(['id', 'kind', 'recipient', 'attempts', 'created_at', 'last_error'])
    .where('status', '=', 'dead' satisfies OutboxStatus)
    .orderBy('id')
    .execute();
}

/** Deletes every outbox row of player `userId` (internal users.id), whatever its status. */
export async function deleteMailOfPlayer(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('mail_outbox').where('user_id', '=', userId).execute();
}

/**
 * The e-mails of player `userId` (issue 22 §8 export), oldest first: kind, recipient, status and times —
 * never the content (it holds single-use links).
 */
export function mailOfPlayer(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('mail_outbox')
    .select(['kind', 'recipient', 'status', 'created_at', 'sent_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
