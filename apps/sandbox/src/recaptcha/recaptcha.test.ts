/**
 * The reCAPTCHA v3 stand-in end to end (DESIGN.md §1 reCAPTCHA; spec §4 captcha actions `login` and
 * `register`, spec §7 `POST recaptcha/verify`): real HTTP against a sandbox started on free ports, and the
 * served `api.js` run in a `node:vm` context the way the portal's `recaptcha-v3` library drives it.
 */
import vm from 'node:vm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSandbox, type RunningSandbox } from '../app.ts';
import {
  RECAPTCHA_TOKEN_TTL_MS,
  RECAPTCHA_VERDICT_COOKIE,
  SANDBOX_RECAPTCHA_KEYS,
  recaptchaParty,
  type RecaptchaVerdict,
  type SiteverifyAnswer,
} from './index.ts';
import { RecaptchaTokenStore } from './token-store.ts';
import { verdictFromCookieHeader } from './verdict.ts';

const SITE_KEY = 'guildgate-test-site-key';
const SECRET = SANDBOX_RECAPTCHA_KEYS[SITE_KEY];
const PORTAL_ORIGIN = 'http://localhost:8080';

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ httpPort: 0, smtpPort: 0 });
  // Torn down only once set up (vitest runs the returned function after the file's tests).
  return () => sandbox.close();
});

afterEach(() => {
  vi.useRealTimers();
});

interface TokenRequest {
  verdict?: string;
  siteKey?: string;
  action?: string;
  origin?: string | null;
}

/** `GET /recaptcha/api/token` as a browser with the given verdict cookie would send it. */
async function requestToken(options: TokenRequest = {}): Promise<Response> {
  const query = new URLSearchParams({
    k: options.siteKey ?? SITE_KEY,
    action: options.action ?? 'login',
  });
  const headers: Record<string, string> = {};
  const origin = options.origin === undefined ? PORTAL_ORIGIN : options.origin;
  if (origin !== null) headers.origin = origin;
  if (options.verdict !== undefined)
    headers.cookie = `other=1; ${RECAPTCHA_VERDICT_COOKIE}=${options.verdict}`;
  return fetch(`${sandbox.httpUrl}/recaptcha/api/token?${query}`, { headers });
}

async function issueToken(options: TokenRequest = {}): Promise<string> {
  const response = await requestToken(options);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { token: string };
  expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return body.token;
}

/** `POST /recaptcha/api/siteverify` with a form body (or the query string), as the API calls it. */
async function siteverify(
  fields: Record<string, string>,
  where: 'form' | 'query' = 'form',
): Promise<{ status: number; body: SiteverifyAnswer & { error?: string } }> {
  const params = new URLSearchParams(fields);
  const response =
    where === 'form'
      ? await fetch(`${sandbox.httpUrl}/recaptcha/api/siteverify`, { method: 'POST', body: params })
      : await fetch(`${sandbox.httpUrl}/recaptcha/api/siteverify?${params}`, { method: 'POST' });
  return { status: response.status, body: (await response.json()) as SiteverifyAnswer & { error?: string } };
}

describe('siteverify', () => {
  it('says human (score 0.9) by default, with the action, host name and issue time', async () => {
    const before = Math.floor(Date.now() / 1000) * 1000;
    const token = await issueToken({ action: 'login' });
    const { status, body } = await siteverify({ secret: SECRET, response: token, remoteip: '127.0.0.1' });
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      score: 0.9,
      action: 'login',
      hostname: 'localhost',
      challenge_ts: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
    });
    expect(Date.parse(body.challenge_ts!)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(body.challenge_ts!)).toBeLessThanOrEqual(Date.now());
  });

  it('gives each verdict its answer: human 0.9, bot 0.1, unavailable HTTP 503', async () => {
    const human = await issueToken({ verdict: 'human', action: 'register' });
    const bot = await issueToken({
      verdict: 'bot',
      action: 'register',
      origin: 'https://portal.example.test:8443',
    });
    const unavailable = await issueToken({ verdict: 'unavailable' });

    const humanAnswer = await siteverify({ secret: SECRET, response: human });
    expect(humanAnswer.body).toMatchObject({
      success: true,
      score: 0.9,
      action: 'register',
      hostname: 'localhost',
    });

    const botAnswer = await siteverify({ secret: SECRET, response: bot });
    expect(botAnswer.status).toBe(200);
    expect(botAnswer.body).toMatchObject({
      success: true,
      score: 0.1,
      action: 'register',
      hostname: 'portal.example.test',
    });

    const unavailableAnswer = await siteverify({ secret: SECRET, response: unavailable });
    expect(unavailableAnswer).toEqual({ status: 503, body: { error: 'service unavailable' } });
  });

  it('reads an unknown verdict cookie as human and a missing Origin as localhost', async () => {
    const token = await issueToken({ verdict: 'robot', origin: null, action: 'account/login_2' });
    const { body } = await siteverify({ secret: SECRET, response: token });
    expect(body).toMatchObject({
      success: true,
      score: 0.9,
      hostname: 'localhost',
      action: 'account/login_2',
    });
  });

  it('accepts the fields in the query string too, but not in a JSON body', async () => {
    const token = await issueToken();
    const json = await fetch(`${sandbox.httpUrl}/recaptcha/api/siteverify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ secret: SECRET, response: token }),
    });
    expect(await json.json()).toEqual({ success: false, 'error-codes': ['missing-input-secret'] });
    const { status, body } = await siteverify({ secret: SECRET, response: token }, 'query');
    expect(status).toBe(200);
    expect(body.success).toBe(true);
  });

  it('lets each token be verified once (a 503 consumes it too)', async () => {
    for (const verdict of ['human', 'unavailable'] as const) {
      const token = await issueToken({ verdict });
      await siteverify({ secret: SECRET, response: token });
      const again = await siteverify({ secret: SECRET, response: token });
      expect(again).toEqual({
        status: 200,
        body: { success: false, 'error-codes': ['timeout-or-duplicate'] },
      });
    }
  });

  it('refuses a missing or unknown secret, and a missing or unknown response, without consuming', async () => {
    const token = await issueToken();
    const cases: Array<[Record<string, string>, string]> = [
      [{ response: token }, 'missing-input-secret'],
      [{ secret: '', response: token }, 'missing-input-secret'],
      [{ secret: 'not-a-secret', response: token }, 'invalid-input-secret'],
      [{ secret: SITE_KEY, response: token }, 'invalid-input-secret'],
      [{ secret: SECRET }, 'missing-input-response'],
      [{ secret: SECRET, response: '' }, 'missing-input-response'],
      [{ secret: SECRET, response: 'never-issued' }, 'invalid-input-response'],
    ];
    for (const [fields, code] of cases) {
      expect(await siteverify(fields)).toEqual({
        status: 200,
        body: { success: false, 'error-codes': [code] },
      });
    }
    expect((await siteverify({ secret: SECRET, response: token })).body.success).toBe(true);
  });

  it("refuses a token issued for another site key, which stays valid for that key's secret", async () => {
    const token = await issueToken({ siteKey: 'guildgate-e2e-site-key' });
    expect(await siteverify({ secret: SECRET, response: token })).toEqual({
      status: 200,
      body: { success: false, 'error-codes': ['invalid-input-response'] },
    });
    const right = await siteverify({
      secret: SANDBOX_RECAPTCHA_KEYS['guildgate-e2e-site-key'],
      response: token,
    });
    expect(right.body.success).toBe(true);
  });

  it('expires tokens after two minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date('2030-01-01T12:00:00.000Z').getTime();
    vi.setSystemTime(start);
    const fresh = await issueToken();
    const stale = await issueToken();

    vi.setSystemTime(start + RECAPTCHA_TOKEN_TTL_MS);
    const atLimit = await siteverify({ secret: SECRET, response: fresh });
    expect(atLimit.body).toMatchObject({ success: true, challenge_ts: '2030-01-01T12:00:00Z' });

    vi.setSystemTime(start + RECAPTCHA_TOKEN_TTL_MS + 1);
    expect(await siteverify({ secret: SECRET, response: stale })).toEqual({
      status: 200,
      body: { success: false, 'error-codes': ['timeout-or-duplicate'] },
    });
  });
});

describe('token route', () => {
  it('allows the calling origin with credentials, and sends no CORS headers without an Origin', async () => {
    const withOrigin = await requestToken({ origin: 'http://localhost:5173' });
    expect(withOrigin.status).toBe(200);
    expect(withOrigin.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(withOrigin.headers.get('access-control-allow-credentials')).toBe('true');
    expect(withOrigin.headers.get('vary')).toMatch(/\bOrigin\b/);
    expect(withOrigin.headers.get('cache-control')).toBe('no-store');

    const refused = await requestToken({ origin: 'http://localhost:5173', siteKey: 'nope' });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');

    const withoutOrigin = await requestToken({ origin: null });
    expect(withoutOrigin.status).toBe(200);
    expect(withoutOrigin.headers.get('access-control-allow-origin')).toBeNull();
    expect(withoutOrigin.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('answers 400 for an unknown site key or a missing, empty, too long or malformed action', async () => {
    const bad = [
      `k=unknown-site-key&action=login`,
      `k=__proto__&action=login`,
      `k=${SANDBOX_RECAPTCHA_KEYS[SITE_KEY]}&action=login`,
      `action=login`,
      `k=${SITE_KEY}`,
      `k=${SITE_KEY}&action=`,
      `k=${SITE_KEY}&action=${'a'.repeat(101)}`,
      `k=${SITE_KEY}&action=log-in`,
      `k=${SITE_KEY}&action=log%20in`,
    ];
    for (const query of bad) {
      const response = await fetch(`${sandbox.httpUrl}/recaptcha/api/token?${query}`);
      expect(response.status, query).toBe(400);
      expect(await response.json(), query).toEqual({ error: expect.any(String) });
    }
    const longest = await fetch(
      `${sandbox.httpUrl}/recaptcha/api/token?k=${SITE_KEY}&action=${'a'.repeat(100)}`,
    );
    expect(longest.status).toBe(200);
  });

  it('issues a different token each time', async () => {
    const tokens = new Set(await Promise.all([1, 2, 3, 4, 5].map(() => issueToken())));
    expect(tokens.size).toBe(5);
  });
});

describe('verdict page', () => {
  it('shows the current verdict and stores a new one in a session cookie', async () => {
    const first = await fetch(`${sandbox.httpUrl}/recaptcha/`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(first.headers.get('content-security-policy')).toContain("default-src 'none'");
    const page = await first.text();
    expect(page).toContain('Current verdict: <strong>Human</strong>');
    expect(page).toContain('<form method="post" action="/recaptcha/verdict"');
    for (const verdict of ['human', 'bot', 'unavailable']) {
      expect(page).toMatch(new RegExp(`<button\\s+type="submit"\\s+name="verdict"\\s+value="${verdict}"`));
    }
    expect(page).toContain(SITE_KEY);
    expect(page).not.toMatch(/<script|style="/);

    const chosen = await fetch(`${sandbox.httpUrl}/recaptcha/verdict`, {
      method: 'POST',
      body: new URLSearchParams({ verdict: 'bot' }),
      redirect: 'manual',
    });
    expect(chosen.status).toBe(303);
    expect(chosen.headers.get('location')).toBe('/recaptcha/');
    const setCookie = chosen.headers.get('set-cookie');
    expect(setCookie).toBe(`${RECAPTCHA_VERDICT_COOKIE}=bot; Path=/recaptcha; HttpOnly; SameSite=Lax`);

    const cookie = setCookie!.split(';')[0];
    const after = await fetch(`${sandbox.httpUrl}/recaptcha/`, { headers: { cookie } });
    expect(await after.text()).toContain('Current verdict: <strong>Bot</strong>');

    const token = await (
      await fetch(`${sandbox.httpUrl}/recaptcha/api/token?k=${SITE_KEY}&action=login`, {
        headers: { cookie },
      })
    ).json();
    expect(
      (await siteverify({ secret: SECRET, response: (token as { token: string }).token })).body.score,
    ).toBe(0.1);
  });

  it('answers 400 for an unknown verdict and sets no cookie', async () => {
    for (const body of [new URLSearchParams({ verdict: 'alien' }), new URLSearchParams()]) {
      const response = await fetch(`${sandbox.httpUrl}/recaptcha/verdict`, {
        method: 'POST',
        body,
        redirect: 'manual',
      });
      expect(response.status).toBe(400);
      expect(response.headers.get('set-cookie')).toBeNull();
      expect(await response.text()).toContain('Choose Human, Bot or Unavailable.');
    }
  });

  it('is listed on the sandbox index and reachable without the trailing slash', async () => {
    const index = await (await fetch(`${sandbox.httpUrl}/`)).text();
    expect(index).toContain('<a href="/recaptcha/">reCAPTCHA</a>');
    const bare = await fetch(`${sandbox.httpUrl}/recaptcha`, { redirect: 'manual' });
    expect(bare.headers.get('location')).toBe('/recaptcha/');
    expect(recaptchaParty()).toMatchObject({ name: 'reCAPTCHA', path: '/recaptcha/' });
  });
});

interface Grecaptcha {
  ready(callback: () => void): void;
  render(containerOrParameters: unknown, parameters?: unknown): number;
  execute(widgetIdOrSiteKey?: number | string, options?: { action: string }): Promise<string>;
  reset(): void;
  getResponse(): string;
  enterprise?: unknown;
}

interface LoadedScript {
  window: Record<string, unknown>;
  grecaptcha: Grecaptcha;
  fetches: Array<{ url: string; init: unknown }>;
  createElement: ReturnType<typeof vi.fn>;
}

/**
 * Runs the served `api.js` in a fresh `node:vm` context standing in for a page of the portal at
 * {@link PORTAL_ORIGIN}: no string code generation (like a CSP without `unsafe-eval`), `fetch` going to
 * the real sandbox with the page's Origin and the given verdict cookie (or to `fetchImpl`).
 */
async function loadScript(
  query: string,
  options: { verdict?: RecaptchaVerdict; fetchImpl?: (url: string) => Promise<Response> } = {},
): Promise<LoadedScript> {
  const source = await (await fetch(`${sandbox.httpUrl}/recaptcha/api.js`)).text();
  const fetches: LoadedScript['fetches'] = [];
  const createElement = vi.fn();
  const window: Record<string, unknown> = {
    document: {
      currentScript: { src: `${sandbox.httpUrl}/recaptcha/api.js${query}` },
      createElement,
      getElementById: () => null,
    },
    location: { href: `${PORTAL_ORIGIN}/login` },
    setTimeout,
    URL,
    fetch: async (url: string, init: unknown) => {
      fetches.push({ url, init });
      if (options.fetchImpl) return options.fetchImpl(url);
      const headers: Record<string, string> = { origin: PORTAL_ORIGIN };
      if (options.verdict) headers.cookie = `${RECAPTCHA_VERDICT_COOKIE}=${options.verdict}`;
      return fetch(url, { headers });
    },
  };
  window.window = window;
  const context = vm.createContext(window, { codeGeneration: { strings: false, wasm: false } });
  vm.runInContext(source, context, { filename: 'api.js' });
  return { window, grecaptcha: window.grecaptcha as Grecaptcha, fetches, createElement };
}

/** Resolves once `grecaptcha.ready` called back (and says whether it did so synchronously). */
function whenReady(grecaptcha: Grecaptcha): Promise<{ synchronous: boolean }> {
  return new Promise((resolve) => {
    let returned = false;
    grecaptcha.ready(() => resolve({ synchronous: !returned }));
    returned = true;
  });
}

describe('api.js', () => {
  it('is served as uncached JavaScript defining window.grecaptcha without eval', async () => {
    const response = await fetch(`${sandbox.httpUrl}/recaptcha/api.js?render=explicit`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const source = await response.text();
    expect(source).toContain('window.grecaptcha =');
    expect(source).not.toMatch(/\beval\s*\(|new Function|innerHTML|\.style\b/);
  });

  it('works the way recaptcha-v3 drives it: ?render=explicit, ready, render(params), execute(widgetId)', async () => {
    const { grecaptcha, fetches, createElement, window } = await loadScript('?render=explicit');
    expect(typeof grecaptcha.ready).toBe('function');
    expect(grecaptcha.enterprise).toBeUndefined();
    expect(await whenReady(grecaptcha)).toEqual({ synchronous: false });

    // ReCaptchaLoader.doExplicitRender without a container, then ReCaptchaInstance.execute(action).
    const widgetId = grecaptcha.render({ sitekey: SITE_KEY });
    expect(widgetId).toBe(0);
    const token = await grecaptcha.execute(widgetId, { action: 'login' });

    expect(fetches).toEqual([
      {
        url: `${sandbox.httpUrl}/recaptcha/api/token?k=${SITE_KEY}&action=login`,
        init: { credentials: 'include' },
      },
    ]);
    const { body } = await siteverify({ secret: SECRET, response: token });
    expect(body).toMatchObject({ success: true, score: 0.9, action: 'login', hostname: 'localhost' });

    // The container form, a site key already rendered, and the harmless extras.
    expect(grecaptcha.render('captcha', { sitekey: 'guildgate-e2e-site-key' })).toBe(1);
    const e2eToken = await grecaptcha.execute('guildgate-e2e-site-key', { action: 'register' });
    expect(fetches[1].url).toContain('k=guildgate-e2e-site-key&action=register');
    const e2e = await siteverify({
      secret: SANDBOX_RECAPTCHA_KEYS['guildgate-e2e-site-key'],
      response: e2eToken,
    });
    expect(e2e.body.success).toBe(true);
    expect(grecaptcha.getResponse()).toBe('');
    expect(() => grecaptcha.reset()).not.toThrow();
    expect(createElement).not.toHaveBeenCalled();
    expect(Object.keys(window)).not.toContain('grecaptchaBadge');
  });

  it('refuses a render without site key and an execute for an unknown widget or site key', async () => {
    const { grecaptcha, fetches } = await loadScript('?render=explicit');
    expect(() => grecaptcha.render({ theme: 'dark' })).toThrow('Missing required parameters: sitekey');
    expect(() => grecaptcha.render('captcha', {})).toThrow('Missing required parameters: sitekey');
    await expect(grecaptcha.execute(0, { action: 'login' })).rejects.toThrow(
      'Invalid reCAPTCHA client id: 0',
    );
    await expect(grecaptcha.execute(SITE_KEY, { action: 'login' })).rejects.toThrow(
      `Invalid site key or not loaded in api.js: ${SITE_KEY}`,
    );
    expect(fetches).toEqual([]);
  });

  it('rejects when the token route does not answer 200', async () => {
    const { grecaptcha } = await loadScript('?render=explicit');
    grecaptcha.render({ sitekey: 'guildgate-unknown-site-key' });
    await expect(grecaptcha.execute(0, { action: 'login' })).rejects.toThrow('HTTP 400');

    const failing = await loadScript('?render=explicit', {
      fetchImpl: async () => new Response('{"error":"down"}', { status: 500 }),
    });
    failing.grecaptcha.render({ sitekey: SITE_KEY });
    await expect(failing.grecaptcha.execute(0, { action: 'login' })).rejects.toThrow('HTTP 500');
  });

  it('works with ?render=<site key>: execute(siteKey) without render, onload called once, verdict cookie sent', async () => {
    const onload = vi.fn();
    const loaded = await loadScript(`?render=${SITE_KEY}&onload=onRecaptchaLoaded`, { verdict: 'bot' });
    // The page defines its callback after the script tag; the stand-in looks it up once ready.
    loaded.window.onRecaptchaLoaded = onload;
    expect(onload).not.toHaveBeenCalled();
    await whenReady(loaded.grecaptcha);
    expect(onload).toHaveBeenCalledTimes(1);

    const token = await loaded.grecaptcha.execute(SITE_KEY, { action: 'register' });
    const { body } = await siteverify({ secret: SECRET, response: token });
    expect(body).toMatchObject({ success: true, score: 0.1, action: 'register' });

    const defaultKey = await loaded.grecaptcha.execute(undefined, { action: 'login' });
    expect(defaultKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await expect(loaded.grecaptcha.execute('guildgate-e2e-site-key', { action: 'login' })).rejects.toThrow(
      'Invalid site key or not loaded in api.js',
    );
    expect(onload).toHaveBeenCalledTimes(1);
  });
});

describe('token store and verdict cookie', () => {
  it('prunes expired tokens when issuing and drops the oldest beyond its capacity', () => {
    let now = 1_000_000;
    const store = new RecaptchaTokenStore({ now: () => now, capacity: 3 });
    const grant = { siteKey: SITE_KEY, action: 'login', verdict: 'human', hostname: 'localhost' } as const;
    const old = store.issue(grant);
    now += RECAPTCHA_TOKEN_TTL_MS + 1;
    expect(store.isExpired(store.get(old)!)).toBe(true);
    const [a, b, c] = [store.issue(grant), store.issue(grant), store.issue(grant)];
    expect(store.get(old)).toBeUndefined();
    expect(store.size).toBe(3);
    const d = store.issue(grant);
    expect(store.size).toBe(3);
    expect(store.get(a)).toBeUndefined();
    expect([b, c, d].map((token) => store.get(token)?.issuedAt)).toEqual([now, now, now]);
    expect(() => new RecaptchaTokenStore({ capacity: 0 })).toThrow(RangeError);
  });

  it('reads the verdict from a Cookie header, defaulting to human', () => {
    expect(verdictFromCookieHeader(undefined)).toBe('human');
    expect(verdictFromCookieHeader('a=b')).toBe('human');
    expect(verdictFromCookieHeader(`a=b; ${RECAPTCHA_VERDICT_COOKIE}=unavailable`)).toBe('unavailable');
    expect(verdictFromCookieHeader(`${RECAPTCHA_VERDICT_COOKIE}=bot;x=1`)).toBe('bot');
    expect(verdictFromCookieHeader(`x${RECAPTCHA_VERDICT_COOKIE}=bot`)).toBe('human');
    expect(verdictFromCookieHeader(`${RECAPTCHA_VERDICT_COOKIE}=BOT`)).toBe('human');
  });
});
