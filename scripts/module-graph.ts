/**
 * Prints the API's module graph (issue 20 §2; docs/architecture.md "Module graph"): which module of
 * `apps/api/src/modules/<module>/` imports which other, read from the import lines of the non-test
 * source files, as a Mermaid `graph` and as a list, and every cycle between modules.
 *
 * Usage: `npm run module-graph` (or `node scripts/module-graph.ts [--mermaid|--list]`).
 * Exit code 1 when the modules do not form a DAG (a cycle exists), else 0.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const MODULES = join(ROOT, 'apps/api/src/modules');

/** Module name → the set of modules it imports. */
export type ModuleGraph = Map<string, Set<string>>;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    const test = /\.test\.tsx?$|test-support\.ts$/.test(name);
    return /\.tsx?$/.test(name) && !test ? [path] : [];
  });
}

/** Reads the module graph of `apps/api/src/modules` from the import specifiers of its source files. */
export function readModuleGraph(modulesDir = MODULES): ModuleGraph {
  const graph: ModuleGraph = new Map();
  const modules = readdirSync(modulesDir).filter((name) => statSync(join(modulesDir, name)).isDirectory());
  for (const module of modules) {
    const edges = new Set<string>();
    for (const file of sourceFiles(join(modulesDir, module))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g)) {
        const target = relative(modulesDir, resolve(dirname(file), match[1]));
        const other = target.split('/')[0];
        if (other && other !== module && !other.startsWith('..') && modules.includes(other)) edges.add(other);
      }
    }
    graph.set(module, edges);
  }
  return graph;
}

/** Every elementary cycle's first found path (`a → b → a`), empty when the graph is a DAG. */
export function findCycles(graph: ModuleGraph): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): void => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of [...(graph.get(node) ?? [])].sort()) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return cycles;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const graph = readModuleGraph();
  const mode = process.argv[2] ?? '--list';
  if (mode === '--mermaid') {
    console.info('graph TD');
    for (const [module, edges] of [...graph].sort()) {
      if (edges.size === 0) console.info(`  ${module}`);
      for (const edge of [...edges].sort()) console.info(`  ${module} --> ${edge}`);
    }
  } else {
    for (const [module, edges] of [...graph].sort())
      console.info(`${module} → ${[...edges].sort().join(', ') || '(nothing)'}`);
  }
  const cycles = findCycles(graph);
  for (const cycle of cycles) console.error(`cycle: ${cycle.join(' → ')}`);
  process.exitCode = cycles.length > 0 ? 1 : 0;
}
