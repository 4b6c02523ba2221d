/**
 * The production entry as an operator runs it (`npm run start:prod` = `<API_NODE_ENV> node <API_NODE_FLAGS>
 * apps/api/src/server.ts --production`; docs/operations.md "Production"): unsafe settings stop it before it listens, with one
 * message naming each; a safe configuration serves the API and nothing of the sandbox.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openStore } from '../db/database.ts';
import { seedDemoData, seedReferenceData } from '../db/seed.ts';
import { API_NODE_ENV, API_NODE_FLAGS } from '../node-flags.ts';
import { freePort, spawnNode, waitForHealth } from '../test/node-process.ts';
import { SAFE_PRODUCTION_ENV } from '../test/production-env.ts';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'guildgate-production-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));
const root = path.resolve(import.meta.dirname, '../../../..');

/** A safe production environment on a new SQLite file and a free port. */
async function productionEnv(name: string): Promise<Record<string, string>> {
  return {
    ...SAFE_PRODUCTION_ENV,
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    DATABASE_URL: `sqlite:${path.join(folder, `${name}.sqlite`)}`,
    LOG_LEVEL: 'warn',
  };
}

/** A stand-in SPA build: its page, a script and the script's source map. */
function webBuild(): string {
  const dist = fs.mkdtempSync(path.join(folder, 'dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>Portal</title></head></html>',
  );
  fs.writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1);\n//# sourceMappingURL=app.js.map');
  fs.writeFileSync(path.join(dist, 'assets', 'app.js.map'), '{"version":3,"sources":["secret.ts"]}');
  return dist;
}

describe('the production entry', () => {
  it('is what npm run start:prod runs', () => {
    const scripts = (
      JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
        scripts: Record<string, string>;
      }
    ).scripts;
    // The environment and V8 flags every API node runs with (node-flags.ts), which package.json cannot
    // import; a variable the operator set wins over its default.
    const env = Object.entries(API_NODE_ENV).map(([name, value]) => `${name}=\${${name}:-${value}}`);
    expect(scripts['start:prod']).toBe(
      `${env.join(' ')} node ${API_NODE_FLAGS.join(' ')} apps/api/src/server.ts --production`,
    );
  });

  it.each([
    ['an http public URL', { PUBLIC_URL: 'http://account.studio.example' }, 'PUBLIC_URL: must be https'],
    ['the demo data', { SEED_DEMO: '1' }, 'SEED_DEMO:'],
    ['the default keys', { API_KEYS: '', ANONYMOUS_BEARER: '' }, 'ANONYMOUS_BEARER:'],
    ['the sandbox SMTP', { SMTP_URL: 'smtp://127.0.0.1:2525' }, 'SMTP_URL:'],
    ['no key-encryption key', { KEY_ENCRYPTION_KEYS: '' }, 'KEY_ENCRYPTION_KEYS: must be set'],
    ['development mode', { DEVELOPMENT_MODE: '1' }, 'DEVELOPMENT_MODE:'],
  ])('refuses %s: exit 1 before listening, naming the problem', async (_name, change, expected) => {
    const env = { ...(await productionEnv('refused')), ...change };
    const node = spawnNode(env, ['--production']);
    expect(await node.exited).toBe(1);
    expect(node.output()).toContain('Refusing to start in production mode');
    expect(node.output()).toContain(expected);
    expect(fs.existsSync(path.join(folder, 'refused.sqlite'))).toBe(false);
  });

  it("refuses IS_PROD with npm start's settings even without the flag", async () => {
    const node = spawnNode({
      PORT: String(await freePort()),
      DATABASE_URL: `sqlite:${path.join(folder, 'npm-start.sqlite')}`,
      PORTAL_ENVIRONMENT: 'prod',
      IS_PROD: '1',
      SEED_DEMO: '1',
    });
    expect(await node.exited).toBe(1);
    expect(node.output()).toMatch(/PUBLIC_URL: must be https[\s\S]*SEED_DEMO/);
  });

  it('refuses a store that holds the demo clients and player', async () => {
    const env = await productionEnv('seeded');
    const store = openStore(env.DATABASE_URL);
    await migrateToLatest(store);
    await seedReferenceData(store.db, {
      publicUrl: env.PUBLIC_URL,
      portalClientId: 'guildgate-portal',
      redirectPatterns: [],
    });
    await seedDemoData(store.db, { sandboxUrl: 'http://localhost:8090' });
    await store.close();
    const node = spawnNode(env, ['--production']);
    expect(await node.exited).toBe(1);
    expect(node.output()).toContain('store: the client "sandbox-partner-site" has the published demo secret');
    expect(node.output()).toContain('store: the client "sandbox-oidc-site" has the published demo secret');
    expect(node.output()).toContain('store: the demo player');
  });

  it('starts with a safe configuration and serves no sandbox, no demo player', async () => {
    const env = await productionEnv('safe');
    const sandboxPort = await freePort();
    const dist = path.join(folder, 'dist');
    fs.mkdirSync(dist);
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><title>Portal</title></head></html>',
    );
    const node = spawnNode({ ...env, SANDBOX_PORT: String(sandboxPort), WEB_DIST_DIR: dist }, [
      '--production',
    ]);
    const base = `http://127.0.0.1:${env.PORT}`;
    try {
      await waitForHealth(node, base);
      expect(node.output()).toContain('production mode');
      // No mailbox, no fake providers on the node: their paths answer the SPA's page (history mode) or 404.
      for (const url of [
        '/mailbox/api/messages?to=a@b.example',
        '/recaptcha/api.js',
        '/steam/openid/login',
      ]) {
        const response = await fetch(`${base}${url}`);
        const body = await response.text();
        expect([url, response.status, body.includes('<title>Portal</title>')]).toEqual(
          response.status === 404 ? [url, 404, false] : [url, 200, true],
        );
      }
      // …nor a sandbox beside it.
      await expect(fetch(`http://127.0.0.1:${sandboxPort}/mailbox/`)).rejects.toThrow();
      const demo = await fetch(`${base}/api/log/identify`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-api-key': env.API_KEYS,
          authorization: `Bearer ${env.ANONYMOUS_BEARER}`,
        },
        body: JSON.stringify({ UsernameOrEmail: 'DemoPlayer' }),
      });
      expect(demo.status).toBe(400);
    } finally {
      await node.stop();
    }
  });

  it('keeps metrics and API docs on the management port, and serves no source maps', async () => {
    const env = await productionEnv('management');
    const managementPort = await freePort();
    const node = spawnNode({ ...env, MANAGEMENT_PORT: String(managementPort), WEB_DIST_DIR: webBuild() }, [
      '--production',
    ]);
    const base = `http://127.0.0.1:${env.PORT}`;
    const management = `http://127.0.0.1:${managementPort}`;
    try {
      await waitForHealth(node, base);
      for (const url of ['/api/metrics', '/api/docs'])
        expect([url, (await fetch(`${base}${url}`)).status]).toEqual([url, 404]);
      const metrics = await fetch(`${management}/metrics`);
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toContain('guildgate_http_request_duration_seconds');
      const docs = (await (await fetch(`${management}/docs`)).json()) as { openapi?: string; paths?: object };
      expect(docs.openapi).toMatch(/^3\./);
      expect(Object.keys(docs.paths ?? {})).toContain('/log/identify');
      expect((await fetch(`${management}/ready`)).status).toBe(200);

      expect((await fetch(`${base}/assets/app.js`)).status).toBe(200);
      const map = await fetch(`${base}/assets/app.js.map`);
      expect(await map.text()).not.toContain('secret.ts');

      const page = await fetch(`${base}/login`);
      expect(page.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      expect(page.headers.get('x-frame-options')).toBe('DENY');
      expect(page.headers.get('permissions-policy')).toContain('camera=()');
    } finally {
      await node.stop();
    }
  });
});
