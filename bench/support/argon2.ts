/**
 * Runs bench/argon2-reference.ts in its own process (as an API node computes its hashes: its own libuv
 * thread pool) and returns the raw argon2id operations per second (issue 23 §1 P1, P6).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * Raw `@node-rs/argon2` verifications (`verify`) or hashes (`hash`) per second at the API's parameters,
 * `concurrency` in flight, measured for `seconds`.
 */
export function rawArgon2PerSecond(mode: 'verify' | 'hash', concurrency: number, seconds: number): number {
  const result = spawnSync(
    process.execPath,
    [path.join(import.meta.dirname, '..', 'argon2-reference.ts'), mode, String(concurrency), String(seconds)],
    { encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`argon2 reference failed: ${result.stderr}`);
  const last = result.stdout.trim().split('\n').at(-1) ?? '';
  return (JSON.parse(last) as { perSecond: number }).perSecond;
}
