/**
 * The bench's record (DESIGN.md §7: speed is measured here, as ratios within one run, never asserted in
 * a test): each scenario appends one section to bench/results.md with the date, the commit, the
 * machine (CPU model, cores, memory) and its table, so that runs can be compared over time.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** bench/results.md */
export const RESULTS_FILE = path.join(import.meta.dirname, 'results.md');

/**
 * The checked-out commit (short hash, `+dirty` when the tree has changes other than bench/results.md,
 * which every scenario of a run appends to), or `unknown`.
 */
export function currentCommit(): string {
  try {
    const hash = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty =
      execFileSync('git', ['status', '--porcelain', '--', '.', ':(exclude)bench/results.md'], {
        encoding: 'utf8',
        cwd: path.join(import.meta.dirname, '..'),
      }).trim() !== '';
    return dirty ? `${hash}+dirty` : hash;
  } catch {
    return 'unknown';
  }
}

/** One line describing this machine: CPU model, logical cores, memory (GiB), Node version. */
export function machine(): string {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const memory = (os.totalmem() / 2 ** 30).toFixed(0);
  return `${cpu}, ${os.availableParallelism()} cores, ${memory} GiB, Node ${process.version}`;
}

/**
 * Appends a scenario's result to bench/results.md (and returns the section written).
 * @param scenario the scenario's name (`npm run bench -- <name>`)
 * @param body its Markdown (a table, notes)
 */
export function appendResult(scenario: string, body: string): string {
  const section = `\n## ${scenario} — ${new Date().toISOString()}\n\ncommit ${currentCommit()} · ${machine()}\n\n${body.trim()}\n`;
  if (!fs.existsSync(RESULTS_FILE))
    fs.writeFileSync(RESULTS_FILE, '# Bench results\n\nAppended by `npm run bench` (bench/README.md).\n');
  fs.appendFileSync(RESULTS_FILE, section);
  return section;
}

/**
 * A Markdown table.
 * @param header the column titles
 * @param rows the cells, row by row
 */
export function markdownTable(header: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}
