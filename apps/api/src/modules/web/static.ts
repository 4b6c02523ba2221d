/**
 * Serves the built SPA (apps/web/dist) with history-mode fallback (DESIGN.md §1): a GET for a page
 * path answers index.html; unknown /api paths answer the §8 404 shape. The page carries
 * `<meta property="csp-nonce" nonce="…">` with the answer's style nonce and the document's
 * Content-Security-Policy (`reply.documentPolicy()`, plugins/security.ts), where React Aria reads it for
 * the `<style>` it injects, so the strict style-src needs no 'unsafe-inline'. index.html itself is
 * never served as a file (it would lack both).
 *
 * Caching and compression (issue 19, docs/performance.md): hashed files under /assets are immutable
 * for a year; other public files (favicon, avatars, brand marks) may be cached for an hour; index.html
 * is never cached (`no-cache`: every visit asks, so a new deployment is seen at once). Text assets are
 * sent as the brotli or gzip copy the build wrote beside them (`preCompressed`), chosen by the
 * request's Accept-Encoding (with `Vary: Accept-Encoding`); index.html is compressed per answer
 * (plugins/compression.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { compressForClient } from '../../plugins/compression.ts';

/**
 * `html` with the CSP style nonce in `<meta property="csp-nonce">` at the end of its head (the
 * pseudo-standard React Aria and Vite read); `nonce` is hex, safe in an attribute.
 */
export function withStyleNonce(html: string, nonce: string): string {
  return html.replace(/<\/head>/i, `  <meta property="csp-nonce" nonce="${nonce}" />\n  </head>`);
}

/** Options of {@link webRoutes}. */
export interface WebRoutesOptions {
  /** Serve `*.map` files when the build has them (false in production mode: the sources stay private). */
  sourceMaps: boolean;
}

/** Registers static files and the not-found handler. */
export async function webRoutes(
  app: FastifyInstance,
  distDir: string,
  options: WebRoutesOptions = { sourceMaps: true },
): Promise<void> {
  const index = path.join(distDir, 'index.html');
  const built = fs.existsSync(index);
  // Read once: a running node serves the build it started with.
  const page = built ? fs.readFileSync(index, 'utf8') : '';
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      maxAge: '1h',
      // The build writes a brotli and a gzip copy of every text asset (apps/web/build/precompress.ts).
      preCompressed: true,
      // index.html only as the page of the fallback below, with its nonce and policy.
      allowedPath: (pathName: string) =>
        pathName !== '/index.html' && (options.sourceMaps || !pathName.endsWith('.map')),
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ ErrorMessages: [{ Property: '', ErrorMessage: 'ERROR_NOT_FOUND' }] });
    }
    if (!built) {
      return reply.code(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
    }
    // The not-found handler is no route, so the compression plugin's hook is not on it: compress here.
    const { body, encoding } = compressForClient(
      withStyleNonce(page, reply.documentPolicy()),
      request.headers['accept-encoding'],
    );
    if (encoding) reply.header('content-encoding', encoding);
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Encoding')
      .type('text/html')
      .send(body);
  });
}
