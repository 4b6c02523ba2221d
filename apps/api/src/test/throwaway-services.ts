/**
 * Throw-away dependencies for the dependency-failure suites (issue 18; docs/operations.md "Dependency
 * failures"): a PostgreSQL server and a Redis server of the test's own, on free loopback ports, that
 * the test may stop, restart and start again — never the machine's shared ones (5432, 6379), which
 * other suites use at the same time. Also an API node started as a child process (`server.ts`), whose
 * exit the test can watch, and a load generator that records every answer.
 *
 * PostgreSQL comes from the server binaries of the Debian packages (`/usr/lib/postgresql/<n>/bin`:
 * initdb, pg_ctl); they refuse to run as root, so when the tests run as root they run as the `postgres`
 * user in a temporary folder owned by it. `fsync=off`: the data is thrown away.
 * Redis is `/usr/bin/redis-server` with no persistence.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './node-process.ts';

const run = promisify(execFile);

/** A free TCP port on 127.0.0.1 (test/node-process.ts). */
export { freePort };

/** Waits `ms` milliseconds. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Closes, in order, what a `beforeAll` opened (test apps, throw-away servers, API nodes), skipping
 * what it never got to: a set-up that failed midway leaves the later ones unset, though the suite's
 * variables are typed as set.
 */
export async function closeOpened(...opened: Array<{ close(): Promise<void> } | undefined>): Promise<void> {
  for (const resource of opened) await resource?.close();
}

/**
 * Polls `check` every `intervalMs` until it resolves a value other than undefined, and returns it.
 * @throws Error naming `what` after `timeoutMs`
 */
export async function eventually<T>(
  what: string,
  check: () => Promise<T | undefined>,
  timeoutMs = 15_000,
  intervalMs = 50,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await sleep(intervalMs);
  }
}

/**
 * Polls `probe` every 50 ms until it resolves true.
 * @throws Error naming `what` after `timeoutMs`
 */
export async function waitUntil(
  what: string,
  probe: () => Promise<boolean>,
  timeoutMs: number,
): Promise<void> {
  const started = Date.now();
  for (;;) {
    if (await probe().catch(() => false)) return;
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(50);
  }
}

/** The folder of the newest PostgreSQL server binaries installed (`/usr/lib/postgresql/<n>/bin`). */
export function postgresBinaries(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'pg_ctl')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0])
    throw new Error(`no PostgreSQL server binaries under ${root} (install the postgresql package)`);
  return path.join(root, versions[0], 'bin');
}

/** A running throw-away PostgreSQL server. */
export interface ThrowawayPostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` (trust authentication). */
  url: string;
  port: number;
  /** `pg_ctl restart -m fast`: every connection is ended (57P01), and the server is back when it resolves. */
  restart(): Promise<void>;
  /** `pg_ctl stop -m fast`: connections are ended, new ones refused (ECONNREFUSED). */
  stop(): Promise<void>;
  /** Starts it again on the same port; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops it (if running) and removes its folder. */
  close(): Promise<void>;
}

/** Runs a PostgreSQL binary, as `postgres` when we are root (initdb and postgres refuse root). */
async function asPostgresUser(binary: string, args: string[]): Promise<string> {
  const isRoot = process.getuid?.() === 0;
  const [command, commandArgs] = isRoot
    ? ['runuser', ['-u', 'postgres', '--', binary, ...args]]
    : [binary, args];
  const { stdout } = await run(command, commandArgs, { timeout: 60_000 });
  return stdout;
}

/**
 * Creates and starts a PostgreSQL server in a new temporary folder on a free port (loopback only, its
 * socket in that folder, `fsync=off`).
 * @throws Error when the binaries are missing or the server does not start (with pg_ctl's output)
 */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = postgresBinaries();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guildgate-pg-'));
  if (process.getuid?.() === 0) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    fs.chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  fs.chmodSync(dir, 0o700);
  const data = path.join(dir, 'data');
  const port = await freePort();
  await asPostgresUser(path.join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '-A',
    'trust',
    '--no-sync',
    '-E',
    'UTF8',
  ]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const pgCtl = (action: string, extra: string[] = []) =>
    asPostgresUser(path.join(bin, 'pg_ctl'), [
      action,
      '-D',
      data,
      '-w',
      '-t',
      '30',
      '-l',
      path.join(dir, 'server.log'),
      '-o',
      options,
      ...extra,
    ]);
  let running = false;
  const start = async () => {
    await pgCtl('start');
    running = true;
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    restart: async () => {
      await pgCtl('restart', ['-m', 'fast']);
      running = true;
    },
    stop: async () => {
      await pgCtl('stop', ['-m', 'fast']);
      running = false;
    },
    start,
    close: async () => {
      if (running) await pgCtl('stop', ['-m', 'immediate']).catch(() => {});
      running = false;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A running throw-away Redis server. */
export interface ThrowawayRedis {
  /** `redis://127.0.0.1:<port>`. */
  url: string;
  port: number;
  /**
   * Ends the server: `'kill'` (SIGKILL: connections are cut, as when a host dies) or `'shutdown'`
   * (SIGTERM: Redis closes its connections and exits, as a service manager stops it).
   */
  stop(how?: 'kill' | 'shutdown'): Promise<void>;
  /** Freezes the server (SIGSTOP): connections stay open and nothing is answered, as in a network partition. */
  freeze(): void;
  /** Lets a frozen server go on (SIGCONT). */
  thaw(): void;
  /** Starts it again on the same port (empty: it keeps nothing); resolves once it answers PING. */
  start(): Promise<void>;
  /** Stops it if running. */
  close(): Promise<void>;
}

/** Does a Redis server answer PING on `port`? */
function redisAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setTimeout(500, () => socket.destroy());
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => {
      resolve(data.toString().startsWith('+PONG'));
      socket.destroy();
    });
    socket.on('error', () => resolve(false));
    socket.on('close', () => resolve(false));
  });
}

/**
 * Starts `redis-server` on a free loopback port, without persistence.
 * @throws Error when /usr/bin/redis-server is missing or does not answer within 10 s
 */
export async function startThrowawayRedis(): Promise<ThrowawayRedis> {
  const binary = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((b) => fs.existsSync(b));
  if (!binary) throw new Error('no redis-server in /usr/bin or /usr/local/bin (install redis-server)');
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    const started = spawn(
      binary,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    child = started;
    await waitUntil(`redis-server on port ${port}`, () => redisAnswers(port), 10_000);
  };
  const stop = async (how: 'kill' | 'shutdown' = 'kill') => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGCONT');
    running.kill(how === 'kill' ? 'SIGKILL' : 'SIGTERM');
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop,
    start,
    freeze: () => child?.kill('SIGSTOP'),
    thaw: () => child?.kill('SIGCONT'),
    close: () => stop('kill'),
  };
}

/** An API node running as a child process (`node apps/api/src/server.ts`). */
export interface ApiNode {
  /** `http://127.0.0.1:<port>`. */
  base: string;
  child: ChildProcess;
  /** Whether the process is still running. */
  alive(): boolean;
  /** What it wrote to stdout and stderr so far (for failure messages). */
  output(): string;
  /** SIGTERM, then SIGKILL after 5 s; resolves when it has exited. */
  close(): Promise<void>;
}

const SERVER_TS = path.resolve(import.meta.dirname, '../server.ts');

/**
 * Starts an API node on a free port with `env` (over a minimal environment: PATH, HOME, and nothing of
 * the test's own REDIS_URL or TEST_DATABASE_URL) and waits until GET /api/health answers 200.
 * @throws Error with the node's output when it exits or is not healthy within 30 s
 */
export async function startApiNode(env: Record<string, string>): Promise<ApiNode> {
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER_TS], {
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? os.tmpdir(),
      HOST: '127.0.0.1',
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const alive = () => child.exitCode === null && child.signalCode === null;
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitUntil(
      'API node healthy',
      async () => {
        if (!alive()) throw new Error('exited');
        return (await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(1000) })).ok;
      },
      30_000,
    );
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`the API node did not start (${String(error)}):\n${output}`);
  }
  return {
    base,
    child,
    alive,
    output: () => output,
    close: async () => {
      if (!alive()) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** How an API node of {@link runApiNodeUntilExit} ended. */
export interface ApiNodeExit {
  /** The exit code (null when ended by a signal). */
  code: number | null;
  /** What it wrote to stdout and stderr. */
  output: string;
}

/**
 * Runs an API node with `env` (as {@link startApiNode}) that is expected to stop by itself, optionally
 * as another user (`uid`/`gid`: a test running as root checks what an unprivileged node meets).
 * @throws Error when it is still running after `timeoutMs` (it is killed)
 */
export async function runApiNodeUntilExit(
  env: Record<string, string>,
  options: { uid?: number; gid?: number; timeoutMs?: number } = {},
): Promise<ApiNodeExit> {
  const child = spawn(process.execPath, [SERVER_TS], {
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: os.tmpdir(),
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(options.uid === undefined ? {} : { uid: options.uid }),
    ...(options.gid === undefined ? {} : { gid: options.gid }),
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const timeoutMs = options.timeoutMs ?? 30_000;
  const code = await new Promise<number | null>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the API node still ran after ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    child.once('exit', (exitCode) => {
      clearTimeout(timer);
      resolve(exitCode);
    });
  });
  return { code, output };
}

/** One answer (or failure) of a request of {@link startLoad}; times are `Date.now()` ms. */
export interface LoadResult {
  /** The request's label (which kind of call). */
  label: string;
  startedAt: number;
  endedAt: number;
  /** The HTTP status, or undefined when the request failed (connection error, timeout). */
  status?: number;
  /** The Retry-After header of the answer, when any. */
  retryAfter?: string | null;
  /** The answer's body (5xx answers only, to check their shape). */
  body?: string;
  /** The failure of a request without an answer (e.g. `TimeoutError`, `ECONNREFUSED`). */
  error?: string;
}

/** A request of a load: a label and the fetch arguments. */
export interface LoadRequest {
  label: string;
  url: string;
  init: RequestInit;
}

/** A load in progress. */
export interface Load {
  /** Stops sending, waits for the requests in flight; resolves with every result in order of start. */
  stop(): Promise<LoadResult[]>;
}

/**
 * Sends requests from `next` (called for each, in turn) with `concurrency` in flight until stopped, each
 * with a timeout of `timeoutMs` (a hang is recorded as `TimeoutError`).
 */
export function startLoad(options: {
  concurrency: number;
  timeoutMs: number;
  next: (index: number) => LoadRequest;
}): Load {
  const results: LoadResult[] = [];
  let stopped = false;
  let index = 0;
  const worker = async () => {
    while (!stopped) {
      const request = options.next(index++);
      const startedAt = Date.now();
      try {
        const res = await fetch(request.url, {
          ...request.init,
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        const text = await res.text();
        results.push({
          label: request.label,
          startedAt,
          endedAt: Date.now(),
          status: res.status,
          retryAfter: res.headers.get('retry-after'),
          ...(res.status >= 500 ? { body: text } : {}),
        });
      } catch (error) {
        const e = error as Error & { cause?: { code?: string } };
        results.push({
          label: request.label,
          startedAt,
          endedAt: Date.now(),
          error: e.cause?.code ?? e.name,
        });
        // A refused connection fails at once: do not spin.
        await sleep(20);
      }
    }
  };
  const workers = Array.from({ length: options.concurrency }, worker);
  return {
    stop: async () => {
      stopped = true;
      await Promise.all(workers);
      return results.sort((a, b) => a.startedAt - b.startedAt);
    },
  };
}
