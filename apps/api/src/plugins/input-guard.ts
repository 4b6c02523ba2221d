/**
 * Refuses text the stores cannot keep as sent (DESIGN.md §4 "never a 500 for bad input"): PostgreSQL
 * rejects U+0000 in text (a 500 before this guard), and both drivers silently turn lone UTF-16
 * surrogates into U+FFFD. Any such string in the path, query or body answers 400 ERROR_FIELD_INVALID
 * on its property, on every store alike. Bodies declared in another charset than UTF-8 are refused.
 */
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../lib/errors.ts';

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
