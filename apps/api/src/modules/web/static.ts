/**
 * Serves the built SPA (apps/web/dist) with history-mode fallback (DESIGN.md §1): a GET for a page
 * path answers index.html; unknown /api paths answer the §8 404 shape.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Registers static files and the not-found handler. */
export async function webRoutes(app: FastifyInstance, distDir: string): Promise<void> {
  const index = path.join(distDir, 'index.html');
  const built = fs.existsSync(index);
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      maxAge: '1h',
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
    return reply.header('cache-control', 'no-cache').type('text/html').send(fs.createReadStream(index));
  });
}
