/**
 * Compression of what the node computes per request (issue 19; docs/performance.md): the SPA's
 * index.html (it carries a per-answer CSP nonce, so it cannot be compressed ahead of time) and JSON
 * answers, with `@fastify/compress` — brotli or gzip as the client's `Accept-Encoding` asks, only above
 * {@link COMPRESSION_THRESHOLD_BYTES} (a token check or a short error gains nothing and would pay the CPU).
 * The built assets are compressed once at build time and served as they are (modules/web/static.ts,
 * `preCompressed`); an answer that already has a `Content-Encoding` is left alone.
 *
 * A whole body under the threshold is handed on before the plugin's hook looks at anything (issue 23
 * P2): the plugin would send it unchanged too, but only after reading three reply headers, matching the
 * type and negotiating `Accept-Encoding` — about 1 µs of the ~75 µs a GET token/verify costs its node.
 */
import zlib from 'node:zlib';
import type { FastifyInstance, onSendHookHandler } from 'fastify';
import compress from '@fastify/compress';
import { negotiate } from '@fastify/accept-negotiator';

/** Answers smaller than this (bytes) are sent as they are. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Registers response compression on `app` (every route registered after it).
 * Brotli at quality 4 (`@fastify/compress`'s default, ~gzip's speed with smaller output), gzip level 6.
 * Each route's compression hook (the plugin's `onSend`, which its `onRoute` hook puts last among the
 * route's) is wrapped so that a string or Buffer body under {@link COMPRESSION_THRESHOLD_BYTES} skips
 * it; a route with its own `compress` option, or a plugin whose hook is not found there, keeps the
 * plugin's hook as it is.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
  // Runs after the plugin's own onRoute hook (added by the registration above).
  app.addHook('onRoute', (route) => {
    if (route.compress !== undefined || !Array.isArray(route.onSend)) return;
    const hooks = route.onSend as onSendHookHandler[];
    const pluginHook = hooks.at(-1);
    if (pluginHook?.name !== 'onSend') return;
    hooks[hooks.length - 1] = function sendSmallAnswersAsTheyAre(request, reply, payload, done) {
      if (isSmall(payload)) {
        done(null, payload);
        return;
      }
      pluginHook.call(this, request, reply, payload, done);
    };
  });
}

/** Whether `payload` is a whole body (text or bytes) under {@link COMPRESSION_THRESHOLD_BYTES}. */
function isSmall(payload: unknown): boolean {
  if (typeof payload === 'string')
    return (
      payload.length < COMPRESSION_THRESHOLD_BYTES / 3 ||
      Buffer.byteLength(payload) < COMPRESSION_THRESHOLD_BYTES
    );
  return Buffer.isBuffer(payload) && payload.length < COMPRESSION_THRESHOLD_BYTES;
}

/** A body compressed for one answer, with the `Content-Encoding` it needs (none: sent as it is). */
export interface CompressedBody {
  body: string | Buffer;
  encoding: 'br' | 'gzip' | null;
}

/**
 * Compresses `body` for a client that sent `acceptEncoding`, with the same encodings and settings as
 * {@link registerCompression}: for answers that are not routes (the not-found handler serving the SPA's
 * page), which the plugin's per-route hook does not reach.
 * @param body the answer, UTF-8
 * @param acceptEncoding the request's Accept-Encoding header, if any
 */
export function compressForClient(body: string, acceptEncoding: string | undefined): CompressedBody {
  if (Buffer.byteLength(body) < COMPRESSION_THRESHOLD_BYTES || !acceptEncoding)
    return { body, encoding: null };
  const encoding = negotiate(acceptEncoding, ['br', 'gzip']);
  if (encoding === 'br')
    return {
      body: zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }),
      encoding,
    };
  if (encoding === 'gzip') return { body: zlib.gzipSync(body, { level: 6 }), encoding };
  return { body, encoding: null };
}
