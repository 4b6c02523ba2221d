/**
 * Routes from the endpoint table (lib/endpoint-routes.ts; issue 20 §5): every call of `ENDPOINTS` is
 * served and documented at `/api/docs` with its summary and its error statuses and codes, nothing else
 * of the API is documented, and Swagger UI is served under `/api/docs/ui` (and `/docs/ui` on the
 * management port) with its own Content-Security-Policy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, type Endpoint } from '@guildgate/contracts';
import { json, startTestApp, type TestApp } from '../test/harness.ts';
import { buildManagementApp } from '../modules/management/app.ts';
import { createMetrics } from '../modules/metrics/routes.ts';
import { DOCS_UI_CSP } from '../plugins/docs-ui.ts';
import { fastifyPath } from './endpoint-routes.ts';

/** The parts of an OpenAPI operation the tests read; a status or path it lacks is absent. */
interface OpenApiOperation {
  summary?: string;
  operationId?: string;
  tags?: string[];
  responses: Partial<Record<string, { description: string }>>;
}
interface OpenApiDocument {
  openapi: string;
  paths: Partial<Record<string, Partial<Record<string, OpenApiOperation>>>>;
}

/** The OpenAPI path of an entry (`{id}` as spec §7 writes it, which is OpenAPI's form too). */
const docPath = (endpoint: Endpoint) => `/${endpoint.path}`;

describe('fastifyPath', () => {
  it("turns spec §7's braces into Fastify's parameters", () => {
    expect(fastifyPath('log/user/{id}/log-in')).toBe('/log/user/:id/log-in');
    expect(fastifyPath('blocks/{userId}/{userBlockedId}')).toBe('/blocks/:userId/:userBlockedId');
    expect(fastifyPath('log/identify')).toBe('/log/identify');
  });
});

describe('the endpoint table in /api/docs and Swagger UI', () => {
  let t: TestApp;
  let doc: OpenApiDocument;

  beforeAll(async () => {
    // Every section on: a call behind a flag that is off is absent (POST account/secure, securityAlerts).
    t = await startTestApp('sqlite', { env: { FEATURE_SECURITY_ALERTS: 'true' } });
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    doc = json<OpenApiDocument>(res);
  });
  afterAll(async () => {
    await t.close();
  });

  it("lists POST log/log-in's error statuses, each with the codes it may answer", () => {
    const operation = doc.paths['/log/log-in']?.post;
    expect(operation?.operationId).toBe('postLogLogIn');
    expect(operation?.tags).toEqual(['log']);
    expect(operation?.summary).toMatch(/log-in/);
    const responses = operation?.responses ?? {};
    expect(Object.keys(responses).sort()).toEqual(['200', '400', '401', '429', '503']);
    for (const code of [
      'ERROR_PASSWORD_EMPTY',
      'ERROR_USERNAME_PASSWORD_INCORRECT',
      'ERROR_USER_CONFIRMED',
      'ERROR_CAPTCHA_REQUIRED',
      'ERROR_FIELD_INVALID',
    ])
      expect(responses['400']?.description).toContain(code);
    expect(responses['401']?.description).toContain('ERROR_API_KEY_INVALID');
    expect(responses['429']?.description).toContain('ERROR_RATE_LIMITED');
    expect(responses['503']?.description).toContain('ERROR_SERVICE_UNAVAILABLE');
  });

  it("documents a user call's 403 and a partner server's call without an api key", () => {
    expect(doc.paths['/profile/user/{id}']?.get?.responses['403']?.description).toContain('ERROR_FORBIDDEN');
    const partner = doc.paths['/blocks']?.post?.responses ?? {};
    expect(partner['401']?.description).toContain('ERROR_UNAUTHORIZED');
    expect(partner['401']?.description).not.toContain('ERROR_API_KEY_INVALID');
    expect(Object.keys(partner)).toEqual(expect.arrayContaining(['200', '201']));
  });

  it('documents every call of the table with all its error statuses, and nothing outside it', () => {
    const documented = new Set<string>();
    for (const [path, operations] of Object.entries(doc.paths))
      for (const method of Object.keys(operations ?? {})) documented.add(`${method.toUpperCase()} ${path}`);
    const table = new Set<string>();
    for (const endpoint of Object.values(ENDPOINTS) as Endpoint[]) {
      table.add(`${endpoint.method} ${docPath(endpoint)}`);
      const operation = doc.paths[docPath(endpoint)]?.[endpoint.method.toLowerCase()];
      expect(operation?.operationId, `${endpoint.method} ${endpoint.path}`).toBe(endpoint.name);
      for (const [status, codes] of Object.entries(endpoint.errors))
        for (const code of codes)
          expect(operation?.responses[status]?.description, `${endpoint.name} ${status}`).toContain(code);
    }
    // Besides the calls: the probes, and the runtime configuration the SPA loads before any call.
    const outside = [...documented].filter((route) => !table.has(route));
    expect(outside.sort()).toEqual([
      'GET /health',
      'GET /ready',
      'GET /runtime-configuration/current/environment.json',
    ]);
  });

  it('serves every call of the table (an unknown one would answer the §8 404 instead)', async () => {
    for (const endpoint of Object.values(ENDPOINTS) as Endpoint[]) {
      const url = `/api/${endpoint.path.replace(/\{[^}]+\}/g, 'x')}`;
      const res = await t.app.inject({ method: endpoint.method, url });
      const body = res.body ? (JSON.parse(res.body) as unknown) : null;
      expect(
        res.statusCode === 404 &&
          JSON.stringify(body).includes('ERROR_NOT_FOUND') &&
          !/\{/.test(endpoint.path),
        `${endpoint.method} ${endpoint.path} answered ${res.statusCode}`,
      ).toBe(false);
    }
  });

  it('serves Swagger UI at /api/docs/ui with its own CSP, the portal keeping its own', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/ui' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toBe(DOCS_UI_CSP);
    expect(page.body).toContain('swagger-ui-bundle.js');
    const bundle = await t.app.inject({ method: 'GET', url: '/api/docs/ui/static/swagger-ui-bundle.js' });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-security-policy']).toBe(DOCS_UI_CSP);
    const shown = await t.app.inject({ method: 'GET', url: '/api/docs/ui/json' });
    expect(json<OpenApiDocument>(shown).paths['/log/log-in']?.post).toBeDefined();

    const portal = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(portal.headers['content-security-policy']).not.toBe(DOCS_UI_CSP);
    expect(portal.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('serves Swagger UI on the management port at /docs/ui, where the document is', async () => {
    const management = await buildManagementApp({
      ctx: t.ctx,
      metrics: createMetrics(),
      readinessChecks: [],
      openApi: () => t.app.swagger(),
    });
    try {
      const page = await management.inject({ method: 'GET', url: '/docs/ui' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['content-security-policy']).toBe(DOCS_UI_CSP);
      const shown = await management.inject({ method: 'GET', url: '/docs/ui/json' });
      expect(json<OpenApiDocument>(shown).paths['/log/log-in']?.post).toBeDefined();
    } finally {
      await management.close();
    }
  });
});
