/**
 * `npm run bench:profile [-- FILE.cpuprofile …]`: what a V8 CPU profile (`--cpu-prof`, written by a
 * scenario's API node under `--profile`, bench/support/nodes.ts) spent its time on, as two tables:
 * the top functions by self time, and the share of samples whose stack passes through each source
 * (a package of node_modules, a file of the repository, or Node's internals) — "inclusive", so a
 * library's callbacks into our code count for both. Without arguments it reads the newest profile in
 * bench/profiles/. Times are ms of CPU and % of the profile's sampled time; idle samples are reported
 * apart. `--skip=S` leaves out the first S seconds (the node's start: module loading and compiling);
 * `--top=N` rows per table (25).
 */
import fs from 'node:fs';
import path from 'node:path';
import { markdownTable } from './results.ts';
import { fixed } from './support/load.ts';

/** The parts of a `.cpuprofile` (Chrome DevTools protocol `Profiler.Profile`) this summary reads. */
interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    children?: number[];
  }[];
  samples: number[];
  /** µs between consecutive samples */
  timeDeltas: number[];
}

const ROOT = path.resolve(import.meta.dirname, '..');

/** The source a script URL belongs to: `pkg:<name>` under node_modules, a repository path, or `node:`. */
function sourceOf(url: string): string {
  if (!url) return '(native)';
  if (url.startsWith('node:')) return 'node:internal';
  const file = url.startsWith('file://') ? new URL(url).pathname : url;
  const modules = file.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const [scope, name] = file.slice(modules + '/node_modules/'.length).split('/');
    return `pkg:${scope.startsWith('@') ? `${scope}/${name}` : scope}`;
  }
  return path.relative(ROOT, file);
}

function summarize(file: string, top: number, skipSeconds: number): string {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<number, number>();
  const inclusive = new Map<string, number>();
  let total = 0;
  let idle = 0;
  let elapsed = 0;
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i] ?? 0;
    elapsed += us;
    if (elapsed < skipSeconds * 1e6) return;
    const name = byId.get(id)?.callFrame.functionName;
    if (name === '(idle)' || name === '(program)') {
      idle += us;
      return;
    }
    total += us;
    self.set(id, (self.get(id) ?? 0) + us);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)?.callFrame;
      if (frame) seen.add(frame.functionName === '(garbage collector)' ? '(gc)' : sourceOf(frame.url));
    }
    for (const source of seen) inclusive.set(source, (inclusive.get(source) ?? 0) + us);
  });
  const percent = (us: number) => `${fixed((100 * us) / total, 1)} %`;
  const functions = new Map<string, number>();
  for (const [id, us] of self) {
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    const key = `${frame.functionName || '(anonymous)'} ${sourceOf(frame.url)}:${frame.lineNumber + 1}`;
    functions.set(key, (functions.get(key) ?? 0) + us);
  }
  const rows = (entries: Map<string, number>) =>
    [...entries]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => [name.replaceAll('|', '\\|'), fixed(us / 1000, 0), percent(us)]);
  return [
    `${path.relative(ROOT, file)}: ${fixed(total / 1000, 0)} ms busy, ${fixed(idle / 1000, 0)} ms idle`,
    markdownTable(['function (self time)', 'ms', 'share'], rows(functions)),
    markdownTable(['source (inclusive)', 'ms', 'share'], rows(inclusive)),
  ].join('\n\n');
}

const files = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const numberOption = (name: string, fallback: number) =>
  Number(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback);
const top = numberOption('top', 25);
const skip = numberOption('skip', 0);
if (files.length === 0) {
  const dir = path.join(ROOT, 'bench', 'profiles');
  const newest = fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((name) => name.endsWith('.cpuprofile'))
        .map((name) => path.join(dir, name))
        .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0]
    : undefined;
  if (!newest) {
    process.stderr.write(
      'No profile: run a scenario with --profile first (npm run bench -- NAME --profile).\n',
    );
    process.exit(2);
  }
  files.push(newest);
}
for (const file of files) process.stdout.write(`${summarize(file, top, skip)}\n\n`);
