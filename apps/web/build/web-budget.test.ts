/**
 * The weight budget's measure (web-budget.ts): a page counts the entry, the start-up texts, its route
 * chunks and everything they import statically — nothing lazy beyond that — and a missing module fails.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { measurePages, STARTUP_MODULES } from './web-budget.ts';

let dist: string | undefined;
afterEach(() => {
  if (dist) fs.rmSync(dist, { recursive: true, force: true });
  dist = undefined;
});

/** A build of five chunks: entry → shared; login → shared, form; survey (lazy, not loaded). */
function fakeBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guildgate-budget-'));
  fs.mkdirSync(path.join(dir, '.vite'));
  fs.mkdirSync(path.join(dir, 'assets'));
  const files: Record<string, string> = {
    'assets/index.js': 'entry '.repeat(300),
    'assets/shared.js': 'shared '.repeat(200),
    'assets/en.js': 'texts '.repeat(100),
    'assets/login.js': 'login '.repeat(100),
    'assets/form.js': 'form '.repeat(100),
    'assets/survey.js': 'survey '.repeat(5000),
  };
  for (const [file, body] of Object.entries(files)) fs.writeFileSync(path.join(dir, file), body);
  const manifest = {
    'index.html': {
      file: 'assets/index.js',
      isEntry: true,
      imports: ['_shared'],
      dynamicImports: ['survey'],
    },
    _shared: { file: 'assets/shared.js' },
    [STARTUP_MODULES[0]]: { file: 'assets/en.js' },
    'src/login.tsx': { file: 'assets/login.js', imports: ['_shared', '_form'] },
    _form: { file: 'assets/form.js' },
    survey: { file: 'assets/survey.js' },
  };
  fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

describe('measurePages', () => {
  it('sums the gzip and brotli bytes of the entry, the texts, the route and their static imports', () => {
    dist = fakeBuild();
    const [login] = measurePages(dist, [{ path: '/login', modules: ['src/login.tsx'], gzipBudgetBytes: 1 }]);
    expect(login.files).toEqual([
      'assets/en.js',
      'assets/form.js',
      'assets/index.js',
      'assets/login.js',
      'assets/shared.js',
    ]);
    const bodies = login.files.map((file) => fs.readFileSync(path.join(dist!, file)));
    const sum = (f: (b: Buffer) => number) => bodies.map(f).reduce((a, b) => a + b, 0);
    expect(login.rawBytes).toBe(sum((b) => b.length));
    expect(login.gzipBytes).toBe(sum((b) => zlib.gzipSync(b, { level: 9 }).length));
    expect(login.brotliBytes).toBeLessThan(login.rawBytes);
    expect(login.gzipBudgetBytes).toBe(1);
  });

  it('fails when a page names a module the build does not have', () => {
    dist = fakeBuild();
    expect(() =>
      measurePages(dist!, [{ path: '/x', modules: ['src/renamed.tsx'], gzipBudgetBytes: 1 }]),
    ).toThrow(/src\/renamed\.tsx \(of \/x\) is not a chunk/);
  });
});
