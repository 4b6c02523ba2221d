/**
 * Durability of outgoing mail (issue 18, bullet 4; modules/outbound-mail/outbox.ts): a real API node — `node
 * apps/api/src/server.ts` as a child process, on a fresh SQLite file or PostgreSQL database — takes a
 * burst of concurrent registrations and is killed with SIGKILL in the middle of it, then started again.
 * Every acknowledged (201) registration must get its verification mail, delivered from the outbox after
 * the restart, and no mail may arrive twice.
 *
 * The node reaches the sandbox's SMTP server through a relay that the test can hold: just before the
 * kill it stops passing the node's commands on (the server's answers still pass), and the test waits
 * until every message the server stored is marked sent. So the kill lands "before send" for every
 * message still on its way — the case the outbox promises exactly once for. (A kill between the
 * server's acceptance and the mark is the at-least-once window SMTP leaves; the copies would share
 * their Message-ID.) Rows the killed node had claimed are delivered once their lease runs out.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { MailboxMessagesSchema, type MailboxMessage } from '@guildgate/contracts';
import { openStore, type Store } from '../../db/database.ts';
import { startSandbox, type RunningSandbox } from '@guildgate/sandbox/testing';
import {
  ANONYMOUS,
  STORES,
  TEST_ANONYMOUS_BEARER,
  TEST_API_KEY,
  freePort,
  registerForm,
} from '../../test/harness.ts';
import { eventually } from '../../test/throwaway-services.ts';
import { sleep } from '../../test/helpers.ts';
import { outboxBacklog } from './store.ts';

/** Registrations in flight at any time during the burst (each lane sends one after the other). */
const LANES = 20;
/** Registrations each lane sends at most (the node is killed long before). */
const PER_LANE = 100;
/** The node is killed once this many were acknowledged (and some mail went out). */
const ACKNOWLEDGED_BEFORE_KILL = 30;

/** A TCP relay to the SMTP server that can stop passing the client's bytes on. */
interface SmtpRelay {
  port: number;
  /** From now on, what the client sends is dropped; what the server sends still reaches the client. */
  hold(): void;
  /** Cuts every connection and stops listening. */
  close(): Promise<void>;
}

async function startRelay(targetPort: number): Promise<SmtpRelay> {
  let held = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, '127.0.0.1');
    sockets.add(client).add(upstream);
    client.on('data', (chunk) => {
      if (!held) upstream.write(chunk);
    });
    upstream.on('data', (chunk) => client.write(chunk));
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    for (const socket of [client, upstream]) socket.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    hold() {
      held = true;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A running API node (child process). */
interface ApiNode {
  child: ChildProcess;
  /** Resolves with the exit code (or signal name) once the process has ended. */
  exited: Promise<number | string>;
  /** What it printed, for failure messages. */
  output(): string;
}

/** Starts `node apps/api/src/server.ts` with `env` and waits until GET /api/health answers. */
async function startNode(env: Record<string, string>): Promise<ApiNode> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, '../../server.ts')], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  // Set by the callback, which TypeScript's narrowing does not follow into the loop below.
  let ended = false as boolean;
  void exited.then(() => (ended = true));
  const started = Date.now();
  for (;;) {
    if (ended) throw new Error(`the API node exited while starting:\n${output}`);
    try {
      const res = await fetch(`http://127.0.0.1:${env.PORT}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 30_000) {
      child.kill('SIGKILL');
      throw new Error(`the API node did not start within 30 s:\n${output}`);
    }
    await sleep(50);
  }
  return { child, exited, output: () => output };
}

/**
 * A fresh store for the node: its DATABASE_URL, a reader for the test, and the clean-up. On PostgreSQL a
 * new database on TEST_DATABASE_URL's server (not a schema: server.ts migrates the search path's
 * schema, and Kysely's migrator would take another test schema's migration tables for its own).
 */
async function freshDatabase(kind: 'sqlite' | 'postgres') {
  const suffix = randomBytes(6).toString('hex');
  if (kind === 'postgres') {
    const admin = process.env.TEST_DATABASE_URL!;
    const name = `guildgate_durability_${suffix}`;
    const onServer = async (statement: string) => {
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    };
    await onServer(`create database ${name}`);
    const url = new URL(admin);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      reader: (): Store => openStore(url.toString()),
      cleanup: () => onServer(`drop database if exists ${name} with (force)`),
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guildgate-durability-'));
  const url = `sqlite:${path.join(dir, 'store.sqlite')}`;
  return {
    url,
    reader: (): Store => openStore(url),
    cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

async function mailbox(sandbox: RunningSandbox): Promise<MailboxMessage[]> {
  const res = await fetch(`${sandbox.httpUrl}/mailbox/api/messages`);
  return MailboxMessagesSchema.parse(await res.json());
}

describe.each(STORES)('outgoing mail of an API node killed mid-burst on %s', (kind) => {
  it('delivers the verification mail of every acknowledged registration exactly once after a restart', async () => {
    const sandbox = await startSandbox({ httpPort: 0, smtpPort: 0, logger: false });
    const relay = await startRelay(sandbox.smtpPort);
    const database = await freshDatabase(kind);
    const port = await freePort();
    const api = `http://127.0.0.1:${port}`;
    const env: Record<string, string> = {
      DATABASE_URL: database.url,
      SMTP_URL: `smtp://127.0.0.1:${relay.port}`,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://portal.test',
      API_KEYS: TEST_API_KEY,
      ANONYMOUS_BEARER: TEST_ANONYMOUS_BEARER,
      REGISTER_MINIMUM_TIME_ON_PAGE_MS: '0',
      RATE_LIMIT_PER_MINUTE: '100000',
      LOG_LEVEL: 'warn',
      OUTBOX_POLL_INTERVAL_MS: '100',
      OUTBOX_LEASE_MS: '1500',
    };
    const reader = database.reader();
    let node: ApiNode | undefined;
    try {
      node = await startNode(env);
      const first = node;
      // Lanes of registrations, as the register page sends them (form token, then the form), until the
      // node dies; `attempted` are the addresses sent, `acknowledged` those answered 201.
      const attempted: string[] = [];
      const acknowledged: string[] = [];
      const refused: string[] = [];
      const burst = Array.from({ length: LANES }, async (_, lane) => {
        for (let n = 0; n < PER_LANE; n += 1) {
          const form = registerForm(`Burst${lane}n${n}`);
          try {
            const token = await fetch(`${api}/api/register/form-token`, { headers: ANONYMOUS });
            const { FormToken } = (await token.json()) as { FormToken: string };
            attempted.push(form.Email as string);
            const res = await fetch(`${api}/api/register/new-user`, {
              method: 'POST',
              headers: { ...ANONYMOUS, 'content-type': 'application/json' },
              body: JSON.stringify({ ...form, FormToken }),
            });
            if (res.status === 201) acknowledged.push(form.Email as string);
            else refused.push(`${res.status} ${await res.text()}`);
          } catch {
            return; // the node was killed before it answered: not acknowledged
          }
        }
      });

      await eventually(
        'acknowledged registrations and delivered mail',
        async () =>
          acknowledged.length >= ACKNOWLEDGED_BEFORE_KILL && (await mailbox(sandbox)).length >= 5
            ? true
            : undefined,
        30_000,
      );
      // Hold the node's SMTP commands, then wait until every stored message is marked sent (twice the
      // same, 200 ms apart): no message is then between the server's acceptance and its mark.
      relay.hold();
      const sentCount = async () =>
        Number(
          (
            await reader.db
              .selectFrom('mail_outbox')
              .select((eb) => eb.fn.countAll<number | string>().as('n'))
              .where('status', '=', 'sent')
              .executeTakeFirstOrThrow()
          ).n,
        );
      const deliveredBeforeKill = await eventually(
        'every stored message marked sent',
        async () => {
          const before = [(await mailbox(sandbox)).length, await sentCount()];
          await sleep(200);
          const after = [(await mailbox(sandbox)).length, await sentCount()];
          return before[0] === before[1] && after[0] === after[1] && before[0] === after[0]
            ? after[0]
            : undefined;
        },
        10_000,
      );
      first.child.kill('SIGKILL');
      expect(await first.exited).toBe('SIGKILL');
      await Promise.all(burst);
      await relay.close();
      expect(refused).toEqual([]);
      // Killed mid-burst: registrations were in flight, unanswered.
      expect(attempted.length).toBeGreaterThan(acknowledged.length);

      node = await startNode({ ...env, SMTP_URL: `smtp://127.0.0.1:${sandbox.smtpPort}` });
      await eventually(
        'the outbox to be empty',
        async () => ((await outboxBacklog(reader.db)).pending === 0 ? true : undefined),
        30_000,
      );

      const rows = await reader.db
        .selectFrom('mail_outbox')
        .select(['recipient', 'status', 'kind'])
        .execute();
      const players = await reader.db.selectFrom('users').select('email').execute();
      // One mail per player written, whether or not the node answered before it died, all sent.
      expect(rows.map((r) => r.recipient).sort()).toEqual(players.map((p) => p.email).sort());
      expect(new Set(rows.map((r) => `${r.kind}/${r.status}`))).toEqual(
        new Set(['register-verification/sent']),
      );
      for (const email of acknowledged) expect(rows.map((r) => r.recipient)).toContain(email);
      // Each delivered once: as many messages as rows, one per address.
      const received = (await mailbox(sandbox)).map((m) => m.to.join(','));
      expect(received.sort()).toEqual(rows.map((r) => r.recipient).sort());
      expect(deliveredBeforeKill).toBeGreaterThan(0);
      expect(rows.length).toBeGreaterThan(deliveredBeforeKill);

      node.child.kill('SIGTERM');
      expect(await node.exited).toBe(0);
      node = undefined;
    } finally {
      if (node) {
        node.child.kill('SIGKILL');
        await node.exited;
      }
      await reader.close();
      await relay.close();
      await sandbox.close();
      await database.cleanup();
    }
  });
});
