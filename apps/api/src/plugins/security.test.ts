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

/**
 * The CSP of `app` as directive → sources, the per-answer nonces of script-src and style-src left out
 * (checked to be there, and to be the only nonce of each).
 */
async function csp(app: TestApp): Promise<Record<string, string[]>> {
  const res = await app.app.inject({ method: 'GET', url: '/api/health' });
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  const policy = parsePolicy(String(res.headers['content-security-policy']));
  for (const name of ['script-src', 'style-src']) {
    expect(
      policy[name].filter((source) => NONCE_SOURCE.test(source)),
      name,
    ).toHaveLength(1);
    policy[name] = policy[name].filter((source) => !NONCE_SOURCE.test(source));
  }
  return policy;
}

describe('Content-Security-Policy', () => {
  it('allows only the page itself for scripts when the captcha is off', async () => {
    t = await startTestApp('sqlite', { env: { SANDBOX_URL: 'http://sandbox.test:8090' } });
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
      },
    });
    const policy = await csp(t);
    const google = ['https://www.google.com', 'https://www.gstatic.com'];
    expect(policy['script-src']).toEqual(["'self'", ...google]);
    expect(policy['connect-src']).toEqual(["'self'", ...google, 'https://sso.partner.example']);
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
    for (const url of ['/api/health', '/login', '/runtime-configuration/current/environment.json']) {
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
