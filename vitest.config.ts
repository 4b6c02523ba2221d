/**
 * Vitest workspace: one project per package (DESIGN.md §7). API tests run against SQLite always and
 * against PostgreSQL when TEST_DATABASE_URL is set.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
      { test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'], environment: 'node' } },
    ],
  },
});
