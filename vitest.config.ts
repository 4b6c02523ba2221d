/**
 * Vitest workspace: one project per package (DESIGN.md §7). API tests run against SQLite always and
 * against PostgreSQL when TEST_DATABASE_URL is set.
 */
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: a single worker on CI's two cores. The API
    // suites spend much of their time waiting on the stores, the sandbox and argon2 (off the event
    // loop), so one worker per core, and at least two, overlap that waiting.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      { test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: 'sandbox', include: ['apps/sandbox/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'scripts', include: ['scripts/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/build/**/*.test.ts'],
          environment: 'node',
        },
      },
    ],
  },
});
