/**
 * The OpenID Provider is loaded at its first use, not when a node starts (engine.ts; issue 23 P5): a
 * real API node (`node apps/api/src/server.ts`) answers `/api/health` without having loaded
 * `oidc-provider` or koa, and loads them at the first request under /oidc. What the node loads is
 * recorded by a module hook given with `--import` (NODE_OPTIONS), which appends the URL of each module of
 * those packages to a file as it is loaded (`module.registerHooks`: Node ≥ 22.15; skipped on an older one).
 */
import fs from 'node:fs';
import * as nodeModule from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, spawnNode, waitForHealth } from '../../test/node-process.ts';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'guildgate-oidc-lazy-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

const LOADED = path.join(folder, 'loaded.txt');
const HOOK = path.join(folder, 'record-loads.mjs');
fs.writeFileSync(
  HOOK,
  `import { registerHooks } from 'node:module';
import { appendFileSync } from 'node:fs';
registerHooks({
  load(url, context, nextLoad) {
    if (/\\/node_modules\\/(oidc-provider|koa)\\//.test(url)) appendFileSync(${JSON.stringify(LOADED)}, url + '\\n');
    return nextLoad(url, context);
  },
});
`,
);

/** The modules of oidc-provider and koa the node has loaded so far. */
function loaded(): string[] {
  return fs.existsSync(LOADED) ? fs.readFileSync(LOADED, 'utf8').split('\n').filter(Boolean) : [];
}

describe('the OpenID Provider of a node', () => {
  it.skipIf(!('registerHooks' in nodeModule))(
    'is not loaded at start, and is at the first request under /oidc',
    async () => {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const node = spawnNode({
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: `sqlite:${path.join(folder, 'store.sqlite')}`,
        API_KEYS: 'lazy-test-key',
        ANONYMOUS_BEARER: 'lazy-test-bearer',
        NODE_OPTIONS: `--import ${HOOK}`,
      });
      try {
        await waitForHealth(node, base);
        expect(loaded()).toEqual([]);

        const discovery = await fetch(`${base}/oidc/.well-known/openid-configuration`);
        expect(discovery.status).toBe(200);
        expect(((await discovery.json()) as { issuer: string }).issuer).toMatch(/\/oidc$/);
        expect(loaded().some((url) => url.includes('/node_modules/oidc-provider/'))).toBe(true);
      } finally {
        await node.stop();
      }
    },
    60_000,
  );
});
