/**
 * The mail outbox and its worker (issue 18; modules/outbound-mail/outbox.ts, outbox-worker.ts), on SQLite and
 * PostgreSQL, with real SMTP to the sandbox: mail queued in the change's transaction; registrations
 * answered while SMTP is down and their mail delivered once it is back; retries with back-off, the dead
 * state, the backlog and metrics for operators, and their retry; concurrent claims of several nodes
 * (separate connections to one store) never hand out a row twice; stop() finishes the message being
 * sent and hands the rest back. The node-killed-mid-burst test is outbox-durability.test.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailboxMessagesSchema, type MailboxMessage } from '@guildgate/contracts';
import { migrateToLatest, openStore, type Store } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { startSandbox, type RunningSandbox } from '@guildgate/sandbox/testing';
import {
  ANONYMOUS,
  STORES,
  freePort,
  linkIn,
  registerForm,
  startTestApp,
  withSchemaLock,
  type TestApp,
} from '../../test/harness.ts';
import { eventually } from '../../test/throwaway-services.ts';
import { postConfirm, postRegister, sleep } from '../../test/helpers.ts';
import { smtpMailer } from './mailer.ts';
import { describeSendError, enqueueMail, messageIdDomain, type OutboxMail } from './outbox.ts';
import { claimDueMail, outboxBacklog, purgeSentMail, retryDeadMail } from './store.ts';
import { retryDelayMs, startOutboxWorker, type OutboxSettings } from './outbox-worker.ts';
import type { Kysely, Selectable } from 'kysely';

type OutboxRow = Selectable<Database['mail_outbox']>;

/** Messages of `sandbox`'s mailbox (all, or those to `to`), newest first. */
async function mailboxOf(sandbox: Pick<RunningSandbox, 'httpUrl'>, to?: string): Promise<MailboxMessage[]> {
  const query = to === undefined ? '' : `?to=${encodeURIComponent(to)}`;
  const res = await fetch(`${sandbox.httpUrl}/mailbox/api/messages${query}`);
  return MailboxMessagesSchema.parse(await res.json());
}

/** The outbox rows of `recipient`, oldest first. */
function rowsTo(db: Kysely<Database>, recipient: string): Promise<OutboxRow[]> {
  return db.selectFrom('mail_outbox').selectAll().where('recipient', '=', recipient).orderBy('id').execute();
}

/** Waits until the single outbox row of `recipient` satisfies `done`; returns it. */
function rowOf(t: TestApp, recipient: string, what: string, done: (row: OutboxRow) => boolean) {
  return eventually(what, async () => {
    const row = (await rowsTo(t.ctx.db, recipient)).at(0);
    return row && done(row) ? row : undefined;
  });
}

/** A recovery-like mail to `to`, for the worker-level tests. */
function sampleMail(to: string): OutboxMail {
  return {
    kind: 'password-recovery',
    to,
    userId: null,
    content: {
      brand: 'Guildgate',
      subject: 'Reset your Guildgate password',
      greeting: 'Hello,',
      lines: ['Choose a new password with the button below.'],
      actionLabel: 'Choose a new password',
      actionUrl: `http://portal.test/password-recovery/reset?token=${randomBytes(8).toString('hex')}`,
      footer: 'If you did not ask for this, you can ignore this email.',
    },
  };
}

const FAST: OutboxSettings = {
  pollIntervalMs: 20,
  batchSize: 5,
  leaseMs: 10_000,
  retryBaseMs: 20,
  retryMaxMs: 100,
  maxAttempts: 5,
  sentRetentionHours: 24,
};

/**
 * A fresh migrated store of `kind` that several "nodes" open with their own connections: a new SQLite
 * file, or a new schema of TEST_DATABASE_URL.
 */
async function freshStore(kind: 'sqlite' | 'postgres') {
  const suffix = randomBytes(6).toString('hex');
  const opened: Store[] = [];
  if (kind === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const schema = `t_${suffix}`;
    const open = () => {
      const store = openStore(url, { schema });
      opened.push(store);
      return store;
    };
    const first = open();
    await withSchemaLock(url, 'shared', () => migrateToLatest(first, schema));
    return {
      url,
      schema,
      open,
      async close() {
        await Promise.all(opened.map((s) => s.close()));
        await withSchemaLock(url, 'exclusive', (client) =>
          client.query(`drop schema if exists ${schema} cascade`),
        );
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guildgate-outbox-'));
  const open = () => {
    const store = openStore(`sqlite:${path.join(dir, 'store.sqlite')}`);
    opened.push(store);
    return store;
  };
  await migrateToLatest(open());
  return {
    url: `sqlite:${path.join(dir, 'store.sqlite')}`,
    schema: undefined,
    open,
    async close() {
      await Promise.all(opened.map((s) => s.close()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe('outbox helpers', () => {
  it('describes a failure without URLs, which may carry link tokens or SMTP passwords', () => {
    const error = Object.assign(
      new Error(
        'Message failed: 550 rejected http://portal.test/confirm-email?uid=SECRET via smtp://u:pw@relay',
      ),
      { code: 'EMESSAGE', responseCode: 550 },
    );
    const text = describeSendError(error);
    expect(text).toBe('EMESSAGE 550: Message failed: 550 rejected [url] via [url]');
    expect(describeSendError('x'.repeat(2000))).toHaveLength(500);
  });

  it('backs off exponentially up to the maximum, with jitter within the upper half', () => {
    const settings = { retryBaseMs: 1000, retryMaxMs: 10_000 };
    expect([1, 2, 3, 4, 5, 9].map((n) => retryDelayMs(n, settings, () => 0.999_999))).toEqual([
      1000, 2000, 4000, 8000, 10_000, 10_000,
    ]);
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(n, settings, () => 0))).toEqual([
      500, 1000, 2000, 4000, 5000,
    ]);
  });

  it("takes the Message-ID domain from MAIL_FROM's address", () => {
    expect(messageIdDomain('Guildgate <no-reply@guildgate.test>')).toBe('guildgate.test');
    expect(messageIdDomain('mail@studio.example')).toBe('studio.example');
    expect(messageIdDomain('Nobody')).toBe('guildgate.invalid');
  });
});

describe('the outbox command', () => {
  it('reports the backlog and the dead mail, and queues dead mail again', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guildgate-outbox-cli-'));
    const url = `sqlite:${path.join(dir, 'store.sqlite')}`;
    const store = openStore(url);
    const cli = path.resolve(import.meta.dirname, '../../cli/outbox-cli.ts');
    const outbox = (...args: string[]) =>
      promisify(execFile)(process.execPath, [cli, ...args], {
        env: { PATH: process.env.PATH, DATABASE_URL: url },
      });
    try {
      await migrateToLatest(store);
      await enqueueMail(store.db, sampleMail('given.up@players.test'), 'guildgate.test');
      await store.db
        .updateTable('mail_outbox')
        .set({ status: 'dead', attempts: 10, last_error: 'ESOCKET: connect ECONNREFUSED 127.0.0.1:2525' })
        .execute();
      const [row] = await store.db.selectFrom('mail_outbox').select(['id', 'created_at']).execute();
      expect(JSON.parse((await outbox('status')).stdout)).toEqual({
        pending: 0,
        oldestPendingAgeSeconds: 0,
        dead: 1,
        deadMail: [
          {
            id: row.id,
            kind: 'password-recovery',
            to: 'g•••p@players.test',
            attempts: 10,
            queuedAt: row.created_at,
            lastError: 'ESOCKET: connect ECONNREFUSED 127.0.0.1:2525',
          },
        ],
      });
      await expect(outbox('retry', String(row.id + 1))).rejects.toMatchObject({ code: 1 });
      expect((await outbox('retry', String(row.id))).stdout).toBe('1 dead mail queued again\n');
      expect(await store.db.selectFrom('mail_outbox').select(['status', 'attempts']).execute()).toEqual([
        { status: 'pending', attempts: 0 },
      ]);
      await expect(outbox('retry')).rejects.toMatchObject({ code: 1 });
      for (const bad of [['retry', 'x'], ['retry', '0'], ['status', '1'], ['purge'], []])
        await expect(outbox(...bad), bad.join(' ')).rejects.toMatchObject({ code: 2 });
    } finally {
      await store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.each(STORES)('mail outbox of the API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('queues the verification mail with the registration, delivers it, then erases its content', async () => {
    const form = registerForm('Queued');
    expect((await postRegister(t, form)).statusCode).toBe(201);
    const row = await rowOf(t, form.Email as string, 'the mail to be sent', (r) => r.status === 'sent');
    expect(row).toMatchObject({
      kind: 'register-verification',
      attempts: 1,
      content: null,
      last_error: null,
    });
    expect(row.message_id).toMatch(/^<[0-9a-f-]{36}@guildgate\.test>$/);
    expect(row.user_id).not.toBeNull();
    expect(await t.mailbox(form.Email as string)).toHaveLength(1);
  });

  it('queues nothing when the transaction of the change rolls back', async () => {
    await expect(
      t.ctx.db.transaction().execute(async (trx) => {
        await t.ctx.outbox.enqueue(trx, sampleMail('rolled.back@players.test'));
        throw new Error('the change fails after queueing its mail');
      }),
    ).rejects.toThrow('the change fails');
    expect(await rowsTo(t.ctx.db, 'rolled.back@players.test')).toEqual([]);
  });

  it('deletes sent rows older than the retention, and keeps the rest', async () => {
    const form = registerForm('Retained');
    expect((await postRegister(t, form)).statusCode).toBe(201);
    await rowOf(t, form.Email as string, 'the mail to be sent', (r) => r.status === 'sent');
    // A row waiting for a retry in an hour (the worker leaves it alone).
    await t.ctx.db.transaction().execute(async (trx) => {
      await t.ctx.outbox.enqueue(trx, sampleMail('later@players.test'));
      await trx
        .updateTable('mail_outbox')
        .set({ next_attempt_at: new Date(Date.now() + 3_600_000).toISOString() })
        .where('recipient', '=', 'later@players.test')
        .execute();
    });
    expect(await purgeSentMail(t.ctx.db, new Date(Date.now() - 60_000))).toBe(0);
    expect(await purgeSentMail(t.ctx.db, new Date(Date.now() + 60_000))).toBeGreaterThanOrEqual(1);
    expect(await rowsTo(t.ctx.db, form.Email as string)).toEqual([]);
    expect((await rowsTo(t.ctx.db, 'later@players.test')).map((r) => r.status)).toEqual(['pending']);
    await t.ctx.db.deleteFrom('mail_outbox').where('recipient', '=', 'later@players.test').execute();
  });
});

describe.each(STORES)('mail outbox with SMTP down on %s', (kind) => {
  const apps: TestApp[] = [];
  const sandboxes: RunningSandbox[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
    await Promise.all(sandboxes.map((s) => s.close()));
  });

  /** An app whose SMTP server is not there yet; `start()` starts it. */
  async function appWithoutSmtp(env: Record<string, string>) {
    const port = await freePort();
    const t = await startTestApp(kind, {
      env: {
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        OUTBOX_POLL_INTERVAL_MS: '20',
        OUTBOX_RETRY_BASE_MS: '20',
        OUTBOX_RETRY_MAX_MS: '100',
        ...env,
      },
    });
    apps.push(t);
    return {
      t,
      start: async () => {
        const sandbox = await startSandbox({ httpPort: 0, smtpPort: port, logger: false });
        sandboxes.push(sandbox);
        return sandbox;
      },
    };
  }

  it('answers registrations at once and delivers their mail when SMTP is back', async () => {
    const { t, start } = await appWithoutSmtp({ OUTBOX_MAX_ATTEMPTS: '100' });
    const form = registerForm('Patient');
    const email = form.Email as string;
    expect((await postRegister(t, form)).statusCode).toBe(201);
    const failing = await rowOf(
      t,
      email,
      'two failed attempts',
      (r) => r.attempts >= 2 && r.last_error !== null,
    );
    expect(failing.status).toBe('pending');
    expect(failing.last_error).toMatch(/^E[A-Z]+: connect ECONNREFUSED 127\.0\.0\.1:\d+$/);
    expect(await outboxBacklog(t.ctx.db)).toMatchObject({ pending: 1, dead: 0 });
    expect((await outboxBacklog(t.ctx.db)).oldestPendingAgeSeconds).toBeGreaterThan(0);

    const sandbox = await start();
    const [mail] = await eventually('the mail', async () => {
      const messages = await mailboxOf(sandbox, email);
      return messages.length ? messages : undefined;
    });
    const uid = new URL(linkIn(mail.text, `${t.config.publicUrl}/confirm-email?uid=`)).searchParams.get(
      'uid',
    );
    expect((await postConfirm(t, uid)).statusCode).toBe(200);
    const sent = await rowOf(t, email, 'the row marked sent', (r) => r.status === 'sent');
    expect(sent.content).toBeNull();
    expect(await mailboxOf(sandbox, email)).toHaveLength(1);
    expect(await outboxBacklog(t.ctx.db)).toEqual({ pending: 0, oldestPendingAgeSeconds: 0, dead: 0 });
  });

  it('gives a mail up after OUTBOX_MAX_ATTEMPTS, shows it to operators, and sends it when retried', async () => {
    const { t, start } = await appWithoutSmtp({ OUTBOX_MAX_ATTEMPTS: '3' });
    const form = registerForm('Unlucky');
    const email = form.Email as string;
    expect((await postRegister(t, form)).statusCode).toBe(201);
    const dead = await rowOf(t, email, 'the dead state', (r) => r.status === 'dead');
    expect(dead.attempts).toBe(3);
    expect(dead.last_error).toMatch(/ECONNREFUSED/);
    expect(dead.last_error).not.toMatch(/uid=|http/);
    expect(await outboxBacklog(t.ctx.db)).toMatchObject({ pending: 0, dead: 1 });
    const metrics = await t.app.inject({ method: 'GET', url: '/api/metrics', headers: ANONYMOUS });
    expect(metrics.body).toContain('guildgate_outbox_dead_messages 1');
    expect(metrics.body).toContain('guildgate_outbox_pending_messages 0');
    expect(metrics.body).toContain('guildgate_outbox_deliveries_total{outcome="retry"} 2');
    expect(metrics.body).toContain('guildgate_outbox_deliveries_total{outcome="dead"} 1');

    const sandbox = await start();
    await sleep(200);
    expect(await mailboxOf(sandbox, email)).toEqual([]);
    expect(await retryDeadMail(t.ctx.db)).toBe(1);
    t.ctx.outbox.wake();
    const sent = await rowOf(t, email, 'the retried mail to be sent', (r) => r.status === 'sent');
    expect(sent.attempts).toBe(1);
    expect(await mailboxOf(sandbox, email)).toHaveLength(1);
    const after = await t.app.inject({ method: 'GET', url: '/api/metrics', headers: ANONYMOUS });
    expect(after.body).toContain('guildgate_outbox_dead_messages 0');
    expect(after.body).toContain('guildgate_outbox_deliveries_total{outcome="sent"} 1');
  });
});

/**
 * Claims from `processes` separate Node processes ("nodes"), each its own connection to the store at
 * `url` (`schema` on PostgreSQL), all starting at the same instant, `batch` rows at a time (5 ms
 * apart, as a worker sending them would) until none is left. Returns each process's claimed ids.
 */
async function claimFromProcesses(
  url: string,
  schema: string | undefined,
  processes: number,
  batch: number,
): Promise<number[][]> {
  const script = `
    const { openStore } = await import(${JSON.stringify(path.join(import.meta.dirname, '../../db/database.ts'))});
    const { claimDueMail } = await import(${JSON.stringify(path.join(import.meta.dirname, 'store.ts'))});
    const store = openStore(process.env.STORE_URL, process.env.STORE_SCHEMA ? { schema: process.env.STORE_SCHEMA } : {});
    await new Promise((r) => setTimeout(r, Number(process.env.START_AT) - Date.now()));
    const ids = [];
    for (;;) {
      const claimed = await claimDueMail(store, ${batch}, 600000);
      if (claimed.length === 0) break;
      ids.push(...claimed.map((m) => m.id));
      // A worker sends what it claimed before it claims again.
      await new Promise((r) => setTimeout(r, 5));
    }
    await store.close();
    process.stdout.write(JSON.stringify(ids));`;
  const startAt = String(Date.now() + 3000);
  const run = () =>
    new Promise<number[]>((resolve, reject) => {
      const child = spawn(process.execPath, ['--input-type=module', '--no-warnings', '-e', script], {
        env: { PATH: process.env.PATH, STORE_URL: url, STORE_SCHEMA: schema ?? '', START_AT: startAt },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      let err = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
      child.on('error', reject);
      child.on('exit', (code) =>
        code === 0
          ? resolve(JSON.parse(out) as number[])
          : reject(new Error(`claimer exited ${code}: ${err}`)),
      );
    });
  return Promise.all(Array.from({ length: processes }, run));
}

describe.each(STORES)('outbox claims and workers on %s', (kind) => {
  let store: Awaited<ReturnType<typeof freshStore>>;
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    store = await freshStore(kind);
    sandbox = await startSandbox({ httpPort: 0, smtpPort: 0, logger: false });
  });
  afterAll(async () => {
    await store.close();
    await sandbox.close();
  });

  /** Queues `count` mails to `<prefix><i>@players.test` through `db`. */
  async function queue(db: Kysely<Database>, prefix: string, count: number): Promise<string[]> {
    const addresses = Array.from({ length: count }, (_, i) => `${prefix}${i}@players.test`);
    await db.transaction().execute(async (trx) => {
      for (const address of addresses) await enqueueMail(trx, sampleMail(address), 'guildgate.test');
    });
    return addresses;
  }

  /**
   * The "nodes" of a worker test: on PostgreSQL three pools; on SQLite one connection (in one process,
   * a second connection's wait for the write lock would block the thread that holds it; processes
   * are tested by {@link claimFromProcesses}).
   */
  function nodes(): Store[] {
    if (kind === 'postgres') return [store.open(), store.open(), store.open()];
    const one = store.open();
    return [one, one, one];
  }

  it('never hands one row to two nodes claiming at once from separate processes', async () => {
    const db = store.open().db;
    await queue(db, 'claim', 300);
    const claimed = await claimFromProcesses(store.url, store.schema, 3, 2);
    const ids = claimed.flat();
    expect(ids).toHaveLength(300);
    expect(new Set(ids).size).toBe(300);
    for (const mine of claimed) expect(mine.length).toBeGreaterThan(0);
    const rows = await db.selectFrom('mail_outbox').select(['attempts', 'claimed_until']).execute();
    expect(rows.every((r) => r.attempts === 1 && r.claimed_until !== null)).toBe(true);
    await db.deleteFrom('mail_outbox').execute();
  });

  it('leases a claimed row: nobody claims it again before the lease ends, anybody after', async () => {
    const db = store.open();
    await queue(db.db, 'lease', 3);
    const now = new Date(Date.now() + 1000);
    const first = await claimDueMail(db, 10, 60_000, now);
    expect(first.map((m) => m.attempts)).toEqual([1, 1, 1]);
    expect(await claimDueMail(db, 10, 60_000, new Date(now.getTime() + 59_000))).toEqual([]);
    const again = await claimDueMail(db, 10, 60_000, new Date(now.getTime() + 61_000));
    expect(again.map((m) => [m.id, m.attempts])).toEqual(first.map((m) => [m.id, 2]));
    await db.db.deleteFrom('mail_outbox').execute();
  });

  it('delivers every mail exactly once with three workers on one store', async () => {
    const three = nodes();
    const addresses = await queue(three[0].db, 'many', 60);
    const mailer = smtpMailer(`smtp://127.0.0.1:${sandbox.smtpPort}`, 'Guildgate <no-reply@guildgate.test>');
    const log = { warn: () => {}, error: () => {} };
    const workers = three.map((node) => startOutboxWorker({ store: node, mailer, log, settings: FAST }));
    try {
      for (const worker of workers) worker.wake();
      await eventually('every mail sent', async () => {
        const backlog = await outboxBacklog(three[0].db);
        return backlog.pending === 0 ? backlog : undefined;
      });
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
      mailer.close();
    }
    const rows = await three[0].db.selectFrom('mail_outbox').selectAll().execute();
    expect(new Set(rows.map((r) => `${r.status}/${r.attempts}`))).toEqual(new Set(['sent/1']));
    const received = (await mailboxOf(sandbox)).filter((m) => m.to[0]?.startsWith('many'));
    expect(received.map((m) => m.to[0]).sort()).toEqual([...addresses].sort());
  });

  it('stops: the message being sent is finished and marked, the rest of the batch handed back', async () => {
    const node = store.open();
    await queue(node.db, 'stop', 100);
    const mailer = smtpMailer(`smtp://127.0.0.1:${sandbox.smtpPort}`, 'Guildgate <no-reply@guildgate.test>');
    const log = { warn: () => {}, error: () => {} };
    const received = async () => (await mailboxOf(sandbox)).filter((m) => m.to[0]?.startsWith('stop'));
    const first = startOutboxWorker({ store: node, mailer, log, settings: { ...FAST, batchSize: 100 } });
    await eventually('a first mail', async () => ((await received()).length > 0 ? true : undefined));
    await first.stop();
    const rows = await node.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('recipient', 'like', 'stop%')
      .execute();
    const sent = rows.filter((r) => r.status === 'sent');
    const waiting = rows.filter((r) => r.status === 'pending');
    expect(sent.length).toBe((await received()).length);
    expect(waiting.length).toBeGreaterThan(0);
    expect(new Set(waiting.map((r) => `${r.attempts}/${r.claimed_until}`))).toEqual(new Set(['0/null']));

    const second = startOutboxWorker({ store: node, mailer, log, settings: FAST });
    try {
      await eventually('the rest', async () => ((await received()).length === 100 ? true : undefined));
      await sleep(100);
    } finally {
      await second.stop();
      mailer.close();
    }
    const all = await received();
    expect(new Set(all.map((m) => m.to[0])).size).toBe(100);
    expect(all).toHaveLength(100);
  });
});
