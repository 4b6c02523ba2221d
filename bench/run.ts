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
