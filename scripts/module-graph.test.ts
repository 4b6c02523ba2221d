/**
 * The API's modules form a DAG (issue 20 §2; docs/architecture.md "Module graph"): the graph read from
 * the real imports has no cycle, and the cycle finder reports the cycles of a graph that has some.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findCycles, readModuleGraph, type ModuleGraph } from './module-graph.ts';

const graphOf = (edges: Record<string, string[]>): ModuleGraph =>
  new Map(Object.entries(edges).map(([module, to]) => [module, new Set(to)]));

describe('module graph', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'module-graph-'));
  afterAll(() => {
    rmSync(scratch, { recursive: true, force: true });
  });

  it('of apps/api/src/modules is a DAG that names the accounts module', () => {
    const graph = readModuleGraph();
    expect(graph.get('session')).toContain('accounts');
    expect(findCycles(graph)).toEqual([]);
  });

  it('finds a cycle, direct or through other modules', () => {
    expect(findCycles(graphOf({ a: ['b'], b: ['a'] }))).toEqual([['a', 'b', 'a']]);
    expect(findCycles(graphOf({ a: ['b'], b: ['c'], c: ['a'], d: ['a'] }))).toEqual([['a', 'b', 'c', 'a']]);
    expect(findCycles(graphOf({ a: ['b', 'c'], b: ['c'], c: [] }))).toEqual([]);
  });

  it('reads edges from import lines of source files, not of tests', () => {
    const write = (path: string, text: string) => {
      mkdirSync(join(scratch, path, '..'), { recursive: true });
      writeFileSync(join(scratch, path), text);
    };
    write('alpha/index.ts', "import { b } from '../beta/index.ts';\nexport const a = b;\n");
    write('alpha/alpha.test.ts', "import { g } from '../gamma/index.ts';\n");
    write('beta/index.ts', "export const b = await import('../alpha/index.ts');\n");
    write('gamma/index.ts', 'export const g = 1;\n');
    const graph = readModuleGraph(scratch);
    expect([...graph.get('alpha')!]).toEqual(['beta']);
    expect([...graph.get('beta')!]).toEqual(['alpha']);
    expect([...graph.get('gamma')!]).toEqual([]);
    expect(findCycles(graph)).toEqual([['alpha', 'beta', 'alpha']]);
  });
});
