/**
 * Input the API refuses before it works on it (DESIGN.md §4 "never a 500 for bad input"; issue 17 §5;
 * docs/security.md "Bounded input"):
 * - bodies over {@link API_BODY_LIMIT_BYTES} (413, from the Content-Length, before they are read), and
 *   JSON nested deeper than {@link MAX_JSON_DEPTH} (400 ERROR_REQUEST_INVALID, before it is parsed into
 *   objects): a megabyte of nested arrays used to stall a node for seconds;
 * - text the stores cannot keep as sent: PostgreSQL rejects U+0000 in text (a 500 before this guard),
 *   and both drivers silently turn lone UTF-16 surrogates into U+FFFD. Any such string in the path,
 *   query or body answers 400 ERROR_FIELD_INVALID on its property, on every store alike;
 * - bodies declared in another charset than UTF-8.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../lib/errors.ts';

/** The largest body an API call accepts, bytes (64 KiB: the largest form, the survey, needs a few KiB). */
export const API_BODY_LIMIT_BYTES = 64 * 1024;

/** The deepest JSON nesting a body may have (objects and arrays; our largest form nests 3 deep). */
export const MAX_JSON_DEPTH = 16;

/**
 * Is `text` (JSON, not yet parsed) nested deeper than `maxDepth` objects and arrays? One pass over the
 * characters; brackets inside strings (escapes included) do not count.
 */
export function exceedsJsonDepth(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i += 1; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > maxDepth) return true;
    } else if (c === 0x5d || c === 0x7d) depth -= 1;
  }
  return false;
}

/**
 * Replaces the app's JSON body parser by one that refuses nesting over {@link MAX_JSON_DEPTH} with 400
 * ERROR_REQUEST_INVALID, then parses with Fastify's own (prototype-poisoning-safe) parser.
 */
export function registerBoundedJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (exceedsJsonDepth(text, MAX_JSON_DEPTH)) {
      done(badRequest('ERROR_REQUEST_INVALID'), undefined);
      return;
    }
    // Fastify's default parser is the callback kind: it answers through `done` and returns nothing.
    void parse(request, text, done);
  });
}

function unstorable(value: unknown): boolean {
  return typeof value === 'string' && (value.includes('\u0000') || !value.isWellFormed());
}

/** preValidation hook: throws 400 ERROR_FIELD_INVALID on the first top-level field holding unstorable text. */
export async function rejectUnstorableText(request: FastifyRequest): Promise<void> {
  for (const source of [request.params, request.query, request.body]) {
    if (!source || typeof source !== 'object' || Array.isArray(source)) continue;
    for (const [property, value] of Object.entries(source)) {
      const values: unknown[] = Array.isArray(value) ? value : [value];
      if (values.some(unstorable)) throw badRequest('ERROR_FIELD_INVALID', property);
    }
  }
}

/**
 * onRequest hook: a body declared in a charset other than UTF-8 answers 400 ERROR_REQUEST_INVALID
 * (RFC 8259 §8.1: JSON exchanged between systems is UTF-8; the parser would read the bytes as UTF-8
 * whatever the declaration says).
 */
export async function rejectForeignCharset(request: FastifyRequest): Promise<void> {
  const contentType = request.headers['content-type'];
  if (typeof contentType !== 'string') return;
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType)?.[1]?.toLowerCase();
  if (charset && charset !== 'utf-8' && charset !== 'utf8') throw badRequest('ERROR_REQUEST_INVALID');
}
