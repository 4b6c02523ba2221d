/**
 * Security headers (house rule 9; DESIGN.md §5): a strict Content-Security-Policy (no inline script
 * or style), no framing, no referrer (e-mailed links carry single-use tokens), HSTS on https.
 */
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import type { AppConfig } from '../config/config.ts';

function origin(url: string): string {
  return new URL(url).origin;
}

/** Registers helmet with the portal's policy. */
export async function registerSecurityHeaders(app: FastifyInstance, config: AppConfig): Promise<void> {
  const media = origin(config.mediaUrl);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', media],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(config.publicUrl.startsWith('https:') ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    hsts: config.publicUrl.startsWith('https:') ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
}
