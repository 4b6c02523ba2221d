/**
 * The security headers (house rule 9; DESIGN.md §5): a strict Content-Security-Policy whose script,
 * connect and frame sources open to the captcha's origin only when the captcha is on (spec §4), and to
 * the partner SSO resend service the SPA calls (spec §2 Unverified-account page, by isProd); no
 * framing; no referrer.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** The CSP of `app` as directive → sources. */
async function csp(app: TestApp): Promise<Record<string, string[]>> {
  const res = await app.app.inject({ method: 'GET', url: '/api/health' });
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  const header = String(res.headers['content-security-policy']);
  return Object.fromEntries(
    header.split(';').map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      return [name!, sources];
    }),
  );
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
        PARTNER_SSO_RESEND_URL: 'https://sso.partner.example/resend',
      },
    });
    const policy = await csp(t);
    const google = ['https://www.google.com', 'https://www.gstatic.com'];
    expect(policy['script-src']).toEqual(["'self'", ...google]);
    expect(policy['connect-src']).toEqual(["'self'", ...google, 'https://sso.partner.example']);
  });
});
