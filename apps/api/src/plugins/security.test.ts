/**
 * The security headers (house rule 9; DESIGN.md §5): a strict Content-Security-Policy whose script,
 * connect and frame sources open to the captcha's origin only when the captcha is on (spec §4), and to
 * the partner SSO resend service the SPA calls (spec §2 Unverified-account page, by isProd); no
 * framing; no referrer.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** A policy header as directive → sources. */
function parsePolicy(header: string): Record<string, string[]> {
  return Object.fromEntries(
    header.split(';').map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

/** A nonce source of a directive: `'nonce-<32 hex>'`. */
const NONCE_SOURCE = /^'nonce-([0-9a-f]{32})'$/;

/** A temporary build folder with a minimal index.html, removed by {@link removeDists}. */
const dists: string[] = [];
function minimalDist(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'guildgate-dist-'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>Account</title></head><body></body></html>',
  );
  dists.push(dist);
  return dist;
}
afterEach(() => {
  for (const dist of dists.splice(0)) fs.rmSync(dist, { recursive: true, force: true });
});

/**
 * The CSP of the SPA's page (GET /login) of `app` as directive → sources, its style nonce left out
 * (checked to be there, and to be its only nonce; script-src has none).
 */
async function csp(app: TestApp): Promise<Record<string, string[]>> {
  const res = await app.app.inject({ method: 'GET', url: '/login' });
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  const policy = parsePolicy(String(res.headers['content-security-policy']));
  expect(policy['style-src'].filter((source) => NONCE_SOURCE.test(source))).toHaveLength(1);
  expect(policy['script-src'].filter((source) => NONCE_SOURCE.test(source))).toHaveLength(0);
  policy['style-src'] = policy['style-src'].filter((source) => !NONCE_SOURCE.test(source));
  return policy;
}

describe('Content-Security-Policy', () => {
  it('allows only the page itself for scripts when the captcha is off', async () => {
    t = await startTestApp('sqlite', {
      env: { SANDBOX_URL: 'http://sandbox.test:8090', WEB_DIST_DIR: minimalDist() },
    });
    const policy = await csp(t);
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['style-src']).toEqual(["'self'"]);
    expect(policy['frame-src']).toEqual(["'self'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    // Not prod: the SPA calls the partner SSO's test address.
    expect(policy['connect-src']).toEqual(["'self'", 'http://sandbox.test:8090']);
  });

  it("adds the captcha script's origin once, where the captcha is on", async () => {
    // The sandbox serves both the captcha and the partner SSO: one origin, listed once.
    t = await startTestApp('sqlite', {
      captcha: true,
      env: {
        CAPTCHA_SCRIPT_URL: 'http://sandbox.test/recaptcha/api.js',
        PARTNER_SSO_RESEND_TEST_URL: 'http://sandbox.test/partner-sso/resend-validation',
        WEB_DIST_DIR: minimalDist(),
      },
    });
    const policy = await csp(t);
    expect(policy['script-src']).toEqual(["'self'", 'http://sandbox.test']);
    expect(policy['frame-src']).toEqual(["'self'", 'http://sandbox.test']);
    expect(policy['connect-src']).toEqual(["'self'", 'http://sandbox.test']);
  });

  it("lets Google's reCAPTCHA load from www.google.com and www.gstatic.com; prod calls the prod SSO only", async () => {
    t = await startTestApp('sqlite', {
      env: {
        FEATURE_ENABLE_CAPTCHA: '1',
        CAPTCHA_SITE_KEY: 'site-key',
        CAPTCHA_SECRET_KEY: 'secret-key',
        IS_PROD: '1',
        DEVELOPMENT_MODE: '1',
        PARTNER_SSO_RESEND_URL: 'https://sso.partner.example/resend',
        WEB_DIST_DIR: minimalDist(),
      },
    });
    const policy = await csp(t);
    const google = ['https://www.google.com', 'https://www.gstatic.com'];
    expect(policy['script-src']).toEqual(["'self'", ...google]);
    expect(policy['connect-src']).toEqual(["'self'", ...google, 'https://sso.partner.example']);
  });
});

describe('the policy of answers that are no document', () => {
  it("is OWASP's for APIs, without a nonce, on JSON, assets and /index.html's fallback alike", async () => {
    const dist = minimalDist();
    fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await startTestApp('sqlite', { env: { WEB_DIST_DIR: dist } });
    for (const url of ['/api/health', '/api/nothing-here', '/favicon.svg']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect([url, res.headers['content-security-policy']]).toEqual([
        url,
        "default-src 'none';frame-ancestors 'none'",
      ]);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    // index.html is never a file of its own: its path gets the page, with the page's nonce and policy.
    const index = await t.app.inject({ method: 'GET', url: '/index.html' });
    expect(index.statusCode).toBe(200);
    const styleSrc = parsePolicy(String(index.headers['content-security-policy']))['style-src'];
    const nonce = styleSrc.map((source) => NONCE_SOURCE.exec(source)?.[1]).find(Boolean);
    expect(index.body).toContain(`<meta property="csp-nonce" nonce="${nonce}" />`);
  });
});

describe('the style nonce of the SPA page', () => {
  it('hands each answer\'s fresh style nonce to React Aria in <meta property="csp-nonce">', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'guildgate-dist-'));
    try {
      fs.writeFileSync(
        path.join(dist, 'index.html'),
        '<!doctype html><html><head><title>Account</title></head><body></body></html>',
      );
      t = await startTestApp('sqlite', { env: { WEB_DIST_DIR: dist } });
      const nonces: string[] = [];
      for (const url of ['/survey/qualification', '/survey/qualification']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(200);
        const styleSrc = parsePolicy(String(res.headers['content-security-policy']))['style-src'];
        const nonce = styleSrc.map((source) => NONCE_SOURCE.exec(source)?.[1]).find(Boolean);
        expect(nonce, styleSrc.join(' ')).toBeDefined();
        expect(styleSrc).toContain("'self'");
        expect(styleSrc).not.toContain("'unsafe-inline'");
        expect(res.body).toContain(`<meta property="csp-nonce" nonce="${nonce}" />\n  </head>`);
        expect(res.body.match(/csp-nonce/g)).toHaveLength(1);
        nonces.push(nonce!);
      }
      expect(nonces[0]).not.toBe(nonces[1]);
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('frame policy, Permissions-Policy and HSTS', () => {
  it('forbids framing twice over, turns unused powerful features off, and sends no HSTS on http', async () => {
    t = await startTestApp('sqlite');
    // The provider's discovery document is answered by oidc-provider on the raw response (hijacked).
    for (const url of [
      '/api/health',
      '/login',
      '/runtime-configuration/current/environment.json',
      '/oidc/.well-known/openid-configuration',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect([url, res.headers['x-frame-options']]).toEqual([url, 'DENY']);
      expect(parsePolicy(String(res.headers['content-security-policy']))['frame-ancestors']).toEqual([
        "'none'",
      ]);
      const permissions = String(res.headers['permissions-policy']);
      for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()'])
        expect(permissions).toContain(feature);
      expect(permissions).toContain('publickey-credentials-get=(self)');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('sends HSTS whenever the public URL is https', async () => {
    t = await startTestApp('sqlite', { env: { PUBLIC_URL: 'https://account.studio.example' } });
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});
