/**
 * End-to-end tests (DESIGN.md §7): Debian's Chromium against the real API + SPA and the sandbox,
 * one project per deployment of e2e/support/ports.ts (every environment, and `local` with all flags
 * on and all off). Each has its own API node (own SQLite file, own PORTAL_ENVIRONMENT and flags);
 * they share one sandbox (SMTP + mailbox, and the linked providers). Journey suites run where
 * `journeys` is set; the `*.matrix.spec.ts` suites run in every project; the `*.flags-on.spec.ts`
 * suites (flows a flag turns on, e.g. the epic alternative redeemer) where `flagsOnSuites` is set; the
 * `*.partner.spec.ts` suites (the partner studio's sign-on) where `partnerSuites` is set; the
 * `*.hub.spec.ts` suites (the sandbox partner site signing in through the hub) where `hubSuites` is set.
 */
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import {
  DEPLOYMENTS,
  E2E,
  E2E_FILTERED,
  E2E_RUNTIME_CONFIG_KEY,
  E2E_TOKEN_CACHE_MAX_AGE_SECONDS,
  LINKING_SETTINGS,
  deploymentDir,
  type Deployment,
} from './e2e/support/ports.ts';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * One id per run (set once, inherited by the workers). With REDIS_URL set (CI), each node keeps its
 * counters under its own prefix: the twelve stores number their players alike, and a shared prefix
 * would let one deployment's (or an earlier run's) per-player mail limits silence another's mails.
 */
process.env.E2E_RUN_ID ??= Date.now().toString(36);
const RUN_ID = process.env.E2E_RUN_ID;
/** Outside CI a second run may use the servers a first run already started (CI always starts fresh). */
const reuseExistingServer = !process.env.CI;

/**
 * One API node. A deployment with `encryptedConfiguration` first builds its own SPA with the test key
 * (the shared build has none), then serves that build and the configuration encrypted with the key.
 */
function apiServer(d: Deployment) {
  const dir = deploymentDir(d.name);
  const webDir = path.resolve(dir, 'web');
  const encrypted = d.encryptedConfiguration
    ? { RUNTIME_CONFIG_KEY: E2E_RUNTIME_CONFIG_KEY, WEB_DIST_DIR: webDir }
    : undefined;
  const build = encrypted ? `npm run build -w @guildgate/web -- --outDir ${webDir} && ` : '';
  return {
    command: `rm -rf ${dir} && ${build}node apps/api/src/server.ts`,
    url: `http://localhost:${d.port}/api/health`,
    reuseExistingServer,
    timeout: encrypted ? 240_000 : 90_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(d.port),
      PUBLIC_URL: `http://localhost:${d.port}`,
      DATABASE_URL: `sqlite:${dir}/store.sqlite`,
      PORTAL_ENVIRONMENT: d.environment,
      SMTP_URL: `smtp://127.0.0.1:${E2E.smtpPort}`,
      SANDBOX_URL: E2E.sandboxUrl,
      EMAIL_CHECK_URL: `${E2E.sandboxUrl}/email-check`,
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '1000',
      TOKEN_CACHE_MAX_AGE_SECONDS: String(E2E_TOKEN_CACHE_MAX_AGE_SECONDS),
      REDIS_KEY_PREFIX: `e2e:${RUN_ID}:${d.name}:`,
      ...LINKING_SETTINGS,
      ...d.env,
      ...encrypted,
    },
  };
}

/**
 * The suites a deployment runs: the `*.matrix.spec.ts` suites everywhere; the journey suites (every
 * other `*.spec.ts`) where `journeys` is set; each special kind where its flag is set.
 */
function suitesOf(d: Deployment): RegExp[] {
  const suites = [/\.matrix\.spec\.ts$/];
  if (d.journeys) suites.push(/(?<!\.(matrix|flags-on|partner|hub))\.spec\.ts$/);
  if (d.flagsOnSuites) suites.push(/\.flags-on\.spec\.ts$/);
  if (d.partnerSuites) suites.push(/\.partner\.spec\.ts$/);
  if (d.hubSuites) suites.push(/\.hub\.spec\.ts$/);
  return suites;
}

export default defineConfig({
  testDir: 'e2e',
  outputDir: process.env.E2E_PORT_OFFSET ? `test-results-${process.env.E2E_PORT_OFFSET}` : 'test-results',
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: [['list']],
  use: {
    // Traces of failures keep actions, network and DOM snapshots; the screencast (a frame per paint)
    // cost about a quarter of the route matrix's time and adds little to the snapshots.
    trace: { mode: 'retain-on-failure', screenshots: false },
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
    ...DEPLOYMENTS.map((d) => ({
      name: d.name,
      testMatch: suitesOf(d),
      use: { baseURL: `http://localhost:${d.port}` },
      metadata: { environment: d.environment, deployment: d.name },
    })),
    // After every deployment: the branding screenshots must differ per studio (full runs only).
    ...(E2E_FILTERED
      ? []
      : [
          {
            name: 'branding-comparison',
            testMatch: /branding\.compare\.ts$/,
            dependencies: DEPLOYMENTS.map((d) => d.name),
          },
        ]),
  ],
  webServer: [
    {
      command: 'node apps/sandbox/src/server.ts',
      url: `${E2E.sandboxUrl}/health`,
      reuseExistingServer,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        SANDBOX_PORT: String(E2E.sandboxPort),
        SANDBOX_SMTP_PORT: String(E2E.smtpPort),
        // The partner site's hub: the deployment that runs the `*.hub.spec.ts` suites.
        SANDBOX_HUB_URL: `http://localhost:${(DEPLOYMENTS.find((d) => d.hubSuites) ?? { port: E2E.localPort }).port}`,
      },
    },
    ...DEPLOYMENTS.map(apiServer),
  ],
});
