/**
 * Lighthouse scenario (issue 19; docs/performance.md): Lighthouse's mobile preset (simulated slow 4G,
 * 4× CPU slow-down, Moto G-sized screen) in Debian's Chromium (`CHROMIUM_PATH`, default
 * /usr/bin/chromium) on `/`, `/login`, `/register` and `/account` (the demo player signed in), each
 * page `RUNS` times (median kept). Prints, per page: the performance score (0–100), First Contentful
 * Paint and Largest Contentful Paint (ms, simulated), and the bytes transferred in all and of
 * JavaScript (KB, compressed as sent); appends the table to bench/results.md.
 *
 *   npm run bench -- lighthouse [--url http://localhost:8080] [--runs 3]
 *
 * Without `--url` it starts its own API node of this checkout (apps/api/src/server.ts on a free port,
 * a fresh SQLite store with the demo data, the built SPA: run `npm run build` first); with `--url` it
 * measures a node already running there (e.g. another checkout, for a before/after), which must have
 * the demo player (SEED_DEMO=1) for /account.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { freePort, spawnNode, waitForHealth, type NodeProcess } from '@guildgate/api/testing';
import { appendResult, markdownTable } from './results.ts';

const PAGES = ['/', '/login', '/register', '/account'];
const DEMO = { username: 'DemoPlayer', password: 'DemoPass2024' };

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

/** A node to measure: the given URL, or one started here (stopped by `stop`). */
async function target(): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const url = option('url');
  if (url) return { baseUrl: url.replace(/\/$/, ''), stop: async () => {} };
  const dist = path.resolve(import.meta.dirname, '../apps/web/dist/index.html');
  if (!fs.existsSync(dist)) throw new Error('The SPA is not built: run `npm run build` first.');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guildgate-bench-'));
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const node: NodeProcess = spawnNode({
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATABASE_URL: `sqlite:${path.join(dir, 'store.sqlite')}`,
    SEED_DEMO: '1',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '100000',
  });
  await waitForHealth(node, baseUrl, 60_000);
  return {
    baseUrl,
    stop: async () => {
      await node.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

interface RuntimeConfiguration {
  accountApiUrl: string;
  accountApiKey: string;
  apiKey: string;
}

/** The demo player's identity cookie value (spec §4 Session), logged in through POST log/log-in. */
async function demoIdentity(baseUrl: string): Promise<string> {
  const config = (await (
    await fetch(`${baseUrl}/runtime-configuration/current/environment.json`)
  ).json()) as RuntimeConfiguration;
  const apiUrl = new URL(config.accountApiUrl, baseUrl).toString();
  const response = await fetch(`${apiUrl}log/log-in`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-api-key': config.accountApiKey,
      authorization: `Bearer ${config.apiKey}`,
    },
    body: JSON.stringify({ UsernameOrEmail: DEMO.username, Password: DEMO.password }),
  });
  if (!response.ok) throw new Error(`demo log-in failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { Created: string }).Created;
}

interface PageResult {
  score: number;
  fcpMs: number;
  lcpMs: number;
  totalKb: number;
  scriptKb: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function main(): Promise<void> {
  const runs = Number(option('runs') ?? 3);
  const { baseUrl, stop } = await target();
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const identity = await demoIdentity(baseUrl);
    const rows: (string | number)[][] = [];
    for (const pagePath of PAGES) {
      const samples: PageResult[] = [];
      for (let run = 0; run < runs; run += 1) {
        // A fresh browser context per run: a cold cache, and the cookie only where it is set.
        const context = await browser.createBrowserContext();
        if (pagePath === '/account')
          await context.setCookie({
            name: '_g2g_identity_',
            value: encodeURIComponent(identity),
            domain: new URL(baseUrl).hostname,
            path: '/',
            sameSite: 'Strict',
          });
        const page = await context.newPage();
        const url = new URL(pagePath, baseUrl).toString();
        const result = await lighthouse(
          url,
          { output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true },
          undefined,
          page,
        );
        await context.close();
        if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
        // Keyed by audit and category id: one that did not run is absent.
        const audits: Partial<typeof result.lhr.audits> = result.lhr.audits;
        const categories: Partial<typeof result.lhr.categories> = result.lhr.categories;
        const items =
          (
            audits['resource-summary']?.details as
              | {
                  items?: { resourceType: string; transferSize: number }[];
                }
              | undefined
          )?.items ?? [];
        const bytesOf = (type: string) => items.find((item) => item.resourceType === type)?.transferSize ?? 0;
        samples.push({
          score: Math.round((categories.performance?.score ?? 0) * 100),
          fcpMs: Math.round(audits['first-contentful-paint']?.numericValue ?? 0),
          lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
          totalKb: Math.round(bytesOf('total') / 100) / 10,
          scriptKb: Math.round(bytesOf('script') / 100) / 10,
        });
      }
      const pick = (key: keyof PageResult) => median(samples.map((sample) => sample[key]));
      rows.push([pagePath, pick('score'), pick('fcpMs'), pick('lcpMs'), pick('totalKb'), pick('scriptKb')]);
    }
    await browser.disconnect();
    const table = markdownTable(
      ['page', 'performance', 'FCP ms', 'LCP ms', 'transferred KB', 'JavaScript KB'],
      rows,
    );
    process.stdout.write(`${table}\n`);
    appendResult(
      'lighthouse',
      `Lighthouse mobile preset, median of ${runs} runs per page, against ${option('url') ? baseUrl : 'its own node'}.\n\n${table}`,
    );
  } finally {
    chrome.kill();
    await stop();
  }
}

await main();
