/**
 * The build's precompression (precompress.ts): a brotli and a gzip copy beside each compressible file
 * of at least 1 KiB, identical once decompressed; small, binary, map and manifest files left alone.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, expect, it } from 'vitest';
import { precompressDirectory } from './precompress.ts';

let dir: string | undefined;
afterEach(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

it('writes .br and .gz copies of the compressible files only', async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guildgate-precompress-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.mkdirSync(path.join(dir, '.vite'));
  const script = 'const a = 1;\n'.repeat(200);
  fs.writeFileSync(path.join(dir, 'assets', 'app.js'), script);
  fs.writeFileSync(path.join(dir, 'assets', 'app.js.map'), '{}'.repeat(2000));
  fs.writeFileSync(path.join(dir, 'assets', 'small.css'), 'a{}');
  fs.writeFileSync(path.join(dir, 'avatar.png'), Buffer.alloc(4096));
  fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), '{}'.repeat(2000));

  expect(await precompressDirectory(dir)).toBe(1);
  expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, 'assets', 'app.js.br'))).toString()).toBe(
    script,
  );
  expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, 'assets', 'app.js.gz'))).toString()).toBe(script);
  for (const skipped of ['assets/app.js.map', 'assets/small.css', 'avatar.png', '.vite/manifest.json']) {
    expect(fs.existsSync(path.join(dir, `${skipped}.br`)), skipped).toBe(false);
    expect(fs.existsSync(path.join(dir, `${skipped}.gz`)), skipped).toBe(false);
  }
});
