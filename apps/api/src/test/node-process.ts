/**
 * API nodes as real child processes, for the start-up, shutdown and production-mode tests: spawns
 * `node apps/api/src/server.ts` (or another script, such as `npm start`'s scripts/start.ts) with an
 * environment, collects its output, waits for it to answer `/api/health` or to exit; and the operator
 * commands of src/cli/ run to their end ({@link runCommand}).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';

const runFile = promisify(execFile);

const SERVER = path.resolve(import.meta.dirname, '../server.ts');

/** A free TCP port on 127.0.0.1 (asked of the kernel, then released). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A spawned API node. */
export interface NodeProcess {
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once it has exited. */
  exited: Promise<number | string>;
  /** Sends `signal` (default SIGTERM) and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<number | string>;
}

/**
 * Spawns an API node with `env` on top of a minimal environment (PATH only: nothing of the test run's
 * own variables leaks in) and `args` after the script (e.g. `--production`).
 */
export function spawnNode(env: Record<string, string>, args: string[] = []): NodeProcess {
  return spawnScript(SERVER, env, args);
}

/**
 * Spawns `node <script> ...args` (an absolute path, e.g. the repository's scripts/start.ts) with `env`
 * on top of a minimal environment (PATH only), collecting its output and that of its children.
 */
export function spawnScript(script: string, env: Record<string, string>, args: string[] = []): NodeProcess {
  const child = spawn(process.execPath, [script, ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  return {
    child,
    output: () => output,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/**
 * Waits until the node at `baseUrl` answers `/api/health`, or it exits.
 * @param timeoutMs how long to wait, ms
 * @throws Error with the node's output when it exits first or does not answer in time
 */
export async function waitForHealth(node: NodeProcess, baseUrl: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exit: number | string | undefined;
  void node.exited.then((code) => (exit = code));
  while (Date.now() < deadline) {
    if (exit !== undefined) throw new Error(`the node exited (${exit}):\n${node.output()}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(1000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the node did not answer within ${timeoutMs} ms:\n${node.output()}`);
}

/** What {@link runCommand} gives back: the exit code (0 on success) and the outputs. */
export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `node <script> ...args` (an operator command of src/cli/) with `env` to its end, as the operator
 * would; never throws for a non-zero exit, which it returns as `code`.
 */
export async function runCommand(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<CommandResult> {
  try {
    const { stdout, stderr } = await runFile(process.execPath, [script, ...args], { env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as CommandResult;
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}
