/**
 * CORS for the account API (DESIGN.md §1: the SPA may sit on a CDN and the API elsewhere). Only the
 * origins of `CORS_ORIGINS` are answered; with none configured (the one-origin default) no CORS
 * header is sent at all. No credentials: the API authenticates with bearer tokens, not cookies.
 */
import type { FastifyInstance } from 'fastify';
import cors from '@fastify/cors';

/** Registers CORS on `api` (the /api scope) for `origins`. */
export async function registerCors(api: FastifyInstance, origins: readonly string[]): Promise<void> {
  if (origins.length === 0) return;
  const allowed = new Set(origins);
  await api.register(cors, {
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    methods: ['GET', 'POST'],
    allowedHeaders: ['content-type', 'authorization', 'x-api-key', 'x-request-id', 'accept-language'],
    maxAge: 600,
  });
}
