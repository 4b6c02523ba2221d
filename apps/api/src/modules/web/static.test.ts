/**
 * Serving the SPA (issue 19; docs/performance.md): every text asset compressed (the build's brotli and
 * gzip copies, chosen by Accept-Encoding), hashed assets immutable, index.html never cached and
 * compressed per answer, robots.txt served, JSON answers above the threshold compressed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The SPA's build step itself (not a module of the web package's public surface), run on a temporary folder.
// eslint-disable-next-line import-x/no-relative-packages
import { precompressDirectory } from '../../../../web/build/precompress.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { closeOpened } from '../../test/throwaway-services.ts';

let dist: string;
let t: TestApp;
const SCRIPT = `export const words = ${JSON.stringify('guildgate '.repeat(400))};\n`;
const PAGE = `<!doctype html><html><head><title>Account</title></head><body><div id="root">${'<p>shell</p>'.repeat(120)}</div></body></html>`;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'guildgate-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), PAGE);
  fs.writeFileSync(path.join(dist, 'assets', 'app-Ab12Cd.js'), SCRIPT);
  fs.writeFileSync(path.join(dist, 'assets', 'tiny-Ef34Gh.js'), 'export {};\n');
  fs.writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
  fs.mkdirSync(path.join(dist, '.vite'));
  fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{"secret-ish":"build manifest"}');
  expect(await precompressDirectory(dist)).toBe(2); // index.html and app-…js; the others are under 1 KiB
  t = await startTestApp('sqlite', { env: { WEB_DIST_DIR: dist } });
});

afterAll(async () => {
  await closeOpened(t);
  fs.rmSync(dist, { recursive: true, force: true });
});

async function get(url: string, acceptEncoding?: string) {
  return t.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });
}

describe('the built assets', () => {
  it('are sent as the brotli copy to a client that takes brotli, as gzip to one that takes gzip only', async () => {
    const br = await get('/assets/app-Ab12Cd.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 4);

    const gz = await get('/assets/app-Ab12Cd.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/app-Ab12Cd.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('are immutable for a year when hashed, an hour otherwise', async () => {
    for (const url of ['/assets/app-Ab12Cd.js', '/assets/tiny-Ef34Gh.js'])
      expect((await get(url, 'br')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const robots = await get('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain('User-agent: *');
    expect(robots.headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('the build manifest', () => {
  it('is not served (it is for the budget script, not for browsers)', async () => {
    const res = await get('/.vite/manifest.json');
    expect(res.body).not.toContain('build manifest');
  });
});

describe('the page', () => {
  it('is never cached, and is compressed per answer (it carries a fresh nonce)', async () => {
    const res = await get('/login', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe('br');
    const html = zlib.brotliDecompressSync(res.rawPayload).toString();
    expect(html).toContain('<meta property="csp-nonce" nonce="');
    expect(html).toContain('<p>shell</p>');
    const plain = await get('/login');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<p>shell</p>');
  });
});

describe('JSON answers', () => {
  it('are compressed above the threshold and sent as they are below it', async () => {
    const big = await get('/api/docs', 'gzip');
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('gzip');
    const document = zlib.gunzipSync(big.rawPayload);
    expect(document.length).toBeGreaterThan(1024);
    expect(JSON.parse(document.toString())).toHaveProperty('openapi');
    const small = await get('/api/health', 'gzip');
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.rawPayload.length).toBeLessThan(1024);
  });
});
