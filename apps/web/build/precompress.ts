/**
 * A Vite build plugin that writes a brotli (`<file>.br`, quality 11) and a gzip (`<file>.gz`, level 9)
 * copy beside every compressible file of the build output (JavaScript, CSS, HTML, SVG, JSON, text), once
 * the bundle is written, with Node's own zlib. The API serves them through `@fastify/static`'s
 * `preCompressed` option (apps/api/src/modules/web/static.ts), so no request pays for compression.
 * Files under 1 KiB are left alone: their compressed copy would save less than a packet.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The extensions worth compressing. */
export const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Smaller files (bytes) are not compressed. */
export const MIN_BYTES = 1024;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    // `.vite/` holds the build's manifest, read by scripts, never served.
    if (entry.isDirectory() && !entry.name.startsWith('.')) yield* filesUnder(full);
    else if (entry.isDirectory()) continue;
    else yield full;
  }
}

/**
 * Writes `.br` and `.gz` copies of the compressible files under `dir` (bytes ≥ {@link MIN_BYTES}).
 * @returns how many files were compressed
 */
export async function precompressDirectory(dir: string): Promise<number> {
  let count = 0;
  const work: Promise<void>[] = [];
  for await (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file) || file.endsWith('.map')) continue;
    work.push(
      (async () => {
        const body = await fs.readFile(file);
        if (body.length < MIN_BYTES) return;
        const [br, gz] = await Promise.all([
          brotli(body, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
          gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
        ]);
        await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
        count += 1;
      })(),
    );
  }
  await Promise.all(work);
  return count;
}

/** The plugin: precompresses the output directory after the bundle is written (build only). */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'guildgate-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDirectory(outDir);
    },
  };
}
