/**
 * The SPA's weight budget (issue 19; docs/performance.md), checked in CI by `npm test` after the build:
 * for each page of {@link PAGES}, the JavaScript a first visit downloads — the entry chunk, the page's
 * route chunks, the English texts, and every chunk they import statically (Vite's
 * `dist/.vite/manifest.json`) — summed as gzip (level 9) and brotli (quality 11) bytes, the sizes the
 * API sends (apps/web/build/precompress.ts). Exits 1 when a page's gzip bytes exceed its budget, or
 * when a page's module is missing from the manifest (a renamed file must be renamed here too).
 *
 * Usage: `npm run budget` = `node apps/web/build/web-budget.ts [distDir]` (default apps/web/dist); `--json` prints the figures as
 * JSON (bench/lighthouse.ts reads them).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** One page: its path, the source modules its route loads, its budget in gzip bytes. */
export interface PageBudget {
  path: string;
  modules: string[];
  gzipBudgetBytes: number;
}

/** What every page loads besides its route: the texts of the default language. */
export const STARTUP_MODULES = ['src/shared/i18n/locales/en-bundle.ts'];

/**
 * The pages measured and their budgets (gzip bytes of JavaScript). The targets are 70 KB for
 * /login and 60 KB for /; React DOM alone is ~58 KB gzip, so with the stack of DESIGN.md §3 these
 * budgets hold the weight where it is and fail any growth (docs/performance.md explains).
 */
export const PAGES: PageBudget[] = [
  { path: '/', modules: ['src/features/home/home-page.tsx'], gzipBudgetBytes: 187_600 },
  { path: '/login', modules: ['src/features/login/login-page.tsx'], gzipBudgetBytes: 208_800 },
  { path: '/register', modules: ['src/features/register/register-page.tsx'], gzipBudgetBytes: 211_450 },
  {
    path: '/account',
    modules: ['src/features/account/account-layout.tsx', 'src/features/account/my-information-page.tsx'],
    gzipBudgetBytes: 190_300,
  },
];

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/** The weight of one page. */
export interface PageWeight {
  path: string;
  files: string[];
  rawBytes: number;
  gzipBytes: number;
  brotliBytes: number;
  gzipBudgetBytes: number;
}

/**
 * Measures every page of `pages` in the build at `distDir`.
 * @throws Error when the manifest is missing or lacks a page's module
 */
export function measurePages(distDir: string, pages: PageBudget[] = PAGES): PageWeight[] {
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: run \`npm run build\``);
  // Keyed by module: a module the build does not have is absent.
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Partial<
    Record<string, ManifestChunk>
  >;
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const sizes = new Map<string, { raw: number; gzip: number; brotli: number }>();
  const sizeOf = (file: string) => {
    let size = sizes.get(file);
    if (!size) {
      const body = fs.readFileSync(path.join(distDir, file));
      size = {
        raw: body.length,
        gzip: zlib.gzipSync(body, { level: 9 }).length,
        brotli: zlib.brotliCompressSync(body, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
        }).length,
      };
      sizes.set(file, size);
    }
    return size;
  };
  return pages.map((page) => {
    const roots = [...entries, ...STARTUP_MODULES, ...page.modules];
    for (const key of roots)
      if (!manifest[key]) throw new Error(`${key} (of ${page.path}) is not a chunk of the build`);
    const seen = new Set<string>();
    const stack = [...roots];
    for (let key = stack.pop(); key !== undefined; key = stack.pop()) {
      if (seen.has(key)) continue;
      seen.add(key);
      stack.push(...(manifest[key]?.imports ?? []));
    }
    const files = [...seen]
      .map((key) => manifest[key]?.file)
      .filter((file): file is string => file?.endsWith('.js') === true);
    const total = files.map(sizeOf).reduce(
      (sum, size) => ({
        raw: sum.raw + size.raw,
        gzip: sum.gzip + size.gzip,
        brotli: sum.brotli + size.brotli,
      }),
      { raw: 0, gzip: 0, brotli: 0 },
    );
    return {
      path: page.path,
      files: files.sort(),
      rawBytes: total.raw,
      gzipBytes: total.gzip,
      brotliBytes: total.brotli,
      gzipBudgetBytes: page.gzipBudgetBytes,
    };
  });
}

function kb(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} KB`;
}

function main(): void {
  const args = process.argv.slice(2);
  const distDir = path.resolve(args.find((arg) => !arg.startsWith('--')) ?? 'apps/web/dist');
  const weights = measurePages(distDir);
  if (args.includes('--json')) {
    process.stdout.write(`${JSON.stringify(weights, null, 2)}\n`);
  } else {
    process.stdout.write('JavaScript of a first visit (docs/performance.md):\n');
    for (const w of weights) {
      const verdict = w.gzipBytes <= w.gzipBudgetBytes ? 'ok' : 'OVER BUDGET';
      process.stdout.write(
        `  ${w.path.padEnd(10)} ${kb(w.gzipBytes).padStart(9)} gzip  ${kb(w.brotliBytes).padStart(9)} brotli` +
          `  ${kb(w.rawBytes).padStart(9)} raw  budget ${kb(w.gzipBudgetBytes)} gzip  ${verdict}\n`,
      );
    }
  }
  const over = weights.filter((w) => w.gzipBytes > w.gzipBudgetBytes);
  if (over.length > 0) {
    console.error(`Over budget: ${over.map((w) => w.path).join(', ')}`);
    process.exitCode = 1;
  }
}

if (import.meta.main) main();
