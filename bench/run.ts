/**
 * `npm run bench [-- NAME [args…]]` (DESIGN.md §7; never run by `npm test`): runs every scenario of
 * {@link SCENARIOS}, or the one named, each in its own Node process (`node bench/<file> args…`), one after
 * the other so they never share the CPU. Each prints its table and appends it to bench/results.md
 * (bench/results.ts). Exits with the first failing scenario's code.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

/** The scenarios: name → file under bench/ and what it measures. */
export const SCENARIOS: Record<string, { file: string; what: string }> = {
  login: {
    file: 'login.ts',
    what: 'P1: POST log/log-in req/s ÷ raw argon2id verifications/s at the same concurrency (A B A B), p50/p99',
  },
  'token-verify': {
    file: 'token-verify.ts',
    what: 'P2: GET token/verify req/s ÷ a Fastify hello-world route, and its p99 at half load',
  },
  reads: {
    file: 'reads.ts',
    what: 'P3: GET token/refresh, profile/user/{id}, profile/connects req/s ÷ a Fastify hello-world route',
  },
  'data-scale': {
    file: 'data-scale.ts',
    what: 'P4: log-in and token/verify p50 with 1,000 vs 1,000,000 players in PostgreSQL (skipped without TEST_DATABASE_URL)',
  },
  memory: {
    file: 'memory.ts',
    what: "P5: the API node's RSS idle after start, after 60 s of mixed load and after a minute of rest",
  },
  registration: {
    file: 'registration.ts',
    what: 'P6: POST register/new-user req/s ÷ raw argon2id hashes/s at the same concurrency (A B A B)',
  },
  lighthouse: {
    file: 'lighthouse.ts',
    what: 'Lighthouse (mobile) performance score, FCP, LCP and bytes of /, /login, /register, /account',
  },
  'recovery-timing': {
    file: 'recovery-timing.ts',
    what: 'password recovery answer time for a known vs an unknown address (ratio)',
  },
};

function run(name: string, args: string[]): number {
  const scenario = Object.hasOwn(SCENARIOS, name) ? SCENARIOS[name] : undefined;
  if (!scenario) {
    process.stderr.write(`Unknown scenario "${name}". Scenarios:\n`);
    for (const [known, { what }] of Object.entries(SCENARIOS)) process.stderr.write(`  ${known}: ${what}\n`);
    return 2;
  }
  process.stdout.write(`\n# ${name}: ${scenario.what}\n`);
  const result = spawnSync(process.execPath, [path.join(import.meta.dirname, scenario.file), ...args], {
    stdio: 'inherit',
  });
  return result.status ?? 1;
}

const [name, ...args] = process.argv.slice(2);
const names = name ? [name] : Object.keys(SCENARIOS);
for (const each of names) {
  const code = run(each, name ? args : []);
  if (code !== 0) {
    process.exitCode = code;
    break;
  }
}
