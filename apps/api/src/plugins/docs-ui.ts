/**
 * Swagger UI over the OpenAPI document (issue 20 §5; docs/operations.md "Operator surfaces"): served by
 * `@fastify/swagger-ui` under `<docs>/ui` wherever the document itself is served — `/api/docs/ui` on
 * the public port outside production without a management port, `/docs/ui` on the management port.
 * The page has a Content-Security-Policy of its own ({@link DOCS_UI_CSP}: its own scripts, styles and
 * the data: logo, requests to its own origin only, no framing); the portal's policy
 * (plugins/security.ts) stays as it is on every other answer.
 */
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';

/**
 * The docs page's policy (CSP Level 3): the UI's bundle loads only from this origin (its static files
 * need no inline script or style), the logo is a data: URL, and "Try it out" calls the API on this
 * origin. Nothing may frame the page.
 */
export const DOCS_UI_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

/** Where and what the docs page shows. */
export interface DocsUiOptions {
  /** The page's path, e.g. `/api/docs/ui`. */
  routePrefix: string;
  /** The OpenAPI document to show (the public app's `swagger()`). */
  openApi: () => unknown;
}

/**
 * Registers the Swagger UI page and its assets under `routePrefix` (no api key: like the document, it
 * is an operator surface). On an app without `@fastify/swagger` (the management listener), registers
 * it first, as the UI plugin requires; the page shows `openApi()` in any case.
 */
export async function registerDocsUi(
  app: FastifyInstance,
  { routePrefix, openApi }: DocsUiOptions,
): Promise<void> {
  if (!app.hasDecorator('swagger')) await app.register(swagger, { openapi: {} });
  await app.register(swaggerUi, {
    routePrefix,
    staticCSP: DOCS_UI_CSP,
    transformSpecification: () => openApi() as Record<string, unknown>,
    transformSpecificationClone: false,
  });
}
