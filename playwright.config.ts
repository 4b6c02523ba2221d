/**
 * End-to-end tests (DESIGN.md §7): Debian's Chromium against the real API + SPA and the sandbox,
 * one project per environment that behaves differently. Each project gets its own API node (own
 * SQLite file, own PORTAL_ENVIRONMENT); they share one sandbox (SMTP + mailbox).
 */
import { defineConfig } from '@playwright/test';
import { E2E } from './e2e/support/ports.ts';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function apiServer(name: string, port: number, environment: string) {
  const dir = `e2e/.artifacts/${name}`;
  return {
    command: `rm -rf ${dir} && node apps/api/src/server.ts`,
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      DATABASE_URL: `sqlite:${dir}/store.sqlite`,
      PORTAL_ENVIRONMENT: environment,
      SMTP_URL: `smtp://127.0.0.1:${E2E.smtpPort}`,
      SANDBOX_URL: E2E.sandboxUrl,
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '1000',
    },
  };
}

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    {
      name: 'local',
      use: { baseURL: `http://localhost:${E2E.localPort}` },
      metadata: { environment: 'local' },
    },
    {
      name: 'two-point-studios',
      use: { baseURL: `http://localhost:${E2E.twoPointPort}` },
      metadata: { environment: 'TWO-POINT-STUDIOS' },
    },
  ],
  webServer: [
    {
      command: 'node apps/sandbox/src/server.ts',
      url: `${E2E.sandboxUrl}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { SANDBOX_PORT: String(E2E.sandboxPort), SANDBOX_SMTP_PORT: String(E2E.smtpPort) },
    },
    apiServer('local', E2E.localPort, 'local'),
    apiServer('two-point-studios', E2E.twoPointPort, 'TWO-POINT-STUDIOS'),
  ],
});
