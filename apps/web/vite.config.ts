/**
 * Vite build of the SPA (DESIGN.md §2, §6; weight budget in docs/performance.md). The build writes
 * `.vite/manifest.json` (each chunk's imports: scripts/web-budget.ts reads it) and, beside every text
 * asset, a brotli (`.br`) and a gzip (`.gz`) copy the API serves with `@fastify/static`'s
 * `preCompressed` (build/precompress.ts). `RUNTIME_CONFIG_KEY` (base64url of 32 bytes, read from the
 * environment or a .env file at build time) is injected as `__RUNTIME_CONFIG_KEY__` to decrypt an
 * encrypted runtime configuration (spec §1). In `vite dev`, /api and /runtime-configuration are proxied
 * to the API (`WEB_DEV_API_ORIGIN`, default http://localhost:8080). `WEB_SOURCE_MAPS=1` adds source maps.
 */
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { precompress } from './build/precompress.ts';

/**
 * One chunk for the modules every first visit loads that lazy pages import too: React, zod and the
 * contracts modules the entry itself uses. Left to automatic code splitting, rolldown gives each set of
 * importers a common chunk of its own, so a first visit fetched seven small ones (a few hundred bytes
 * each, every one compressed alone); grouped, they compress together (measured with `npm run budget`:
 * `/login` 209,230 → 208,170 bytes gzip; docs/performance.md). Only modules the entry loads belong
 * here: a module that only lazy pages use would then weigh on every page, which the budget would catch.
 */
const FIRST_VISIT_SHARED = {
  name: 'shared',
  test: /node_modules[\\/](react|zod)[\\/]|packages[\\/]contracts[\\/]src[\\/](common|locale|passkeys|second-factors|survey)\.ts$/,
};

export default defineConfig(({ mode }) => {
  // Only the variables that are set: loadEnv types every key as present.
  const env: Partial<Record<string, string>> = loadEnv(mode, '.', [
    'RUNTIME_CONFIG_KEY',
    'WEB_DEV_API_ORIGIN',
    'WEB_SOURCE_MAPS',
  ]);
  const apiOrigin = env.WEB_DEV_API_ORIGIN || 'http://localhost:8080';
  return {
    plugins: [react(), precompress()],
    define: {
      __RUNTIME_CONFIG_KEY__: JSON.stringify(env.RUNTIME_CONFIG_KEY ?? ''),
    },
    server: {
      port: 5173,
      proxy: {
        '/api': { target: apiOrigin, changeOrigin: true },
        '/runtime-configuration': { target: apiOrigin, changeOrigin: true },
      },
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      manifest: true,
      // No source maps unless asked for (WEB_SOURCE_MAPS=1, for debugging a build): a production build
      // publishes no sources, and a production node would not serve them anyway (modules/web/static.ts).
      sourcemap: env.WEB_SOURCE_MAPS === '1',
      rolldownOptions: { output: { codeSplitting: { groups: [FIRST_VISIT_SHARED] } } },
    },
  };
});
