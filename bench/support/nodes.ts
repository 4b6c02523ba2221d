/**
 * The processes a bench scenario measures (issue 23 §1): API nodes (`apps/api/src/server.ts`, as
 * `npm start` runs them, on a fresh SQLite file or a PostgreSQL database) and a Fastify hello-world
 * reference (bench/hello-world.ts), each its own child process on a free port (the API's test support,
 * test/node-process.ts), so that the load generator never shares an event loop with what it measures.
 * Linux: RSS is read from /proc.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_NODE_FLAGS, apiNodeEnv } from '@guildgate/api/node-flags';
import { freePort, spawnNode, spawnScript, waitForHealth, type NodeProcess } from '@guildgate/api/testing';

/** A started child process serving HTTP on `url`. */
export interface BenchNode {
  /** `http://127.0.0.1:<port>` */
  url: string;
  process: NodeProcess;
  /** Its resident set size now, bytes (VmRSS of /proc/<pid>/status). */
  rssBytes(): number;
  /** Stops it (SIGTERM) and removes its files. */
  stop(): Promise<void>;
}

/** Resident set size of process `pid`, bytes. */
export function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = /^VmRSS:\s+(\d+) kB$/m.exec(status);
  return kib ? Number(kib[1]) * 1024 : 0;
}

async function started(child: NodeProcess, port: number, cleanup: () => void): Promise<BenchNode> {
  const url = `http://127.0.0.1:${port}`;
  const node: BenchNode = {
    url,
    process: child,
    rssBytes: () => (child.child.pid === undefined ? 0 : rssOf(child.child.pid)),
    async stop() {
      await child.stop();
      cleanup();
    },
  };
  try {
    await waitForHealth(child, url, 60_000);
  } catch (error) {
    await node.stop();
    throw error;
  }
  return node;
}

/** Options of {@link startApiNode}. */
export interface ApiNodeOptions {
  /** The store: a PostgreSQL URL; a fresh SQLite file in a temporary folder when absent. */
  databaseUrl?: string;
  /** Extra variables (e.g. FEATURE_*), over the defaults below. */
  env?: Record<string, string>;
}

/**
 * Where `--profile` among a scenario's arguments has its API nodes write their V8 CPU profiles
 * (`--cpu-prof`, one `.cpuprofile` per node, written when it stops): bench/profiles/, which
 * bench/profile-summary.ts reads. Undefined without `--profile`.
 */
export function profileDir(): string | undefined {
  return process.argv.includes('--profile') ? path.join(import.meta.dirname, '..', 'profiles') : undefined;
}

/**
 * Starts one API node as `npm start` would (development mode, environment `local`, the demo data
 * seeded, API_NODE_FLAGS and apiNodeEnv) on a free port, with the limits a bench needs: per-IP limits far above what one load generator
 * on 127.0.0.1 sends (the bench measures the work, not the 429), the register form's minimum time 0,
 * no SMTP server (mail waits in the outbox), logs at `warn`; the bench's own REDIS_URL when it has one
 * (as a production node would), and a CPU profile with `--profile` ({@link profileDir}). Resolves when
 * GET /api/health answers.
 */
export async function startApiNode(options: ApiNodeOptions = {}): Promise<BenchNode> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guildgate-bench-'));
  const profiles = profileDir();
  const child = spawnNode({
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: options.databaseUrl ?? `sqlite:${dir}/store.sqlite`,
    PORTAL_ENVIRONMENT: 'local',
    SEED_DEMO: '1',
    LOG_LEVEL: 'warn',
    SMTP_URL: 'smtp://127.0.0.1:9',
    RATE_LIMIT_PER_MINUTE: '100000000',
    LOGIN_IP_FAILURES_PER_HOUR: '1000000',
    LOGIN_ACCOUNT_FAILURES: '1000000',
    REGISTER_MINIMUM_TIME_ON_PAGE_MS: '0',
    REDIS_KEY_PREFIX: `bench:${port}:${Date.now().toString(36)}:`,
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...apiNodeEnv(path.join(import.meta.dirname, '..', '..')),
    NODE_OPTIONS: [...API_NODE_FLAGS, ...(profiles ? ['--cpu-prof', `--cpu-prof-dir=${profiles}`] : [])].join(
      ' ',
    ),
    ...options.env,
  });
  return started(child, port, () => fs.rmSync(dir, { recursive: true, force: true }));
}

/** Starts the Fastify hello-world reference (bench/hello-world.ts) on a free port. */
export async function startHelloWorld(): Promise<BenchNode> {
  const port = await freePort();
  const child = spawnScript(path.join(import.meta.dirname, '..', 'hello-world.ts'), { PORT: String(port) });
  return started(child, port, () => {});
}
