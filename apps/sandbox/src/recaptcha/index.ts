/**
 * The reCAPTCHA v3 stand-in party (DESIGN.md §1 "reCAPTCHA (a stand-in `api.js` and a `siteverify`
 * endpoint that tests can tell to fail)"; spec §4 "The optional captcha uses actions named login and
 * register", spec §7 `POST recaptcha/verify`). Routes:
 * - `GET /recaptcha/api.js` → the script defining `window.grecaptcha` (see `script.ts`),
 *   `text/javascript`, `cache-control: no-store`;
 * - `GET /recaptcha/api/token?k=<site key>&action=<action>` → `{ token }` for the browser's verdict
 *   (CORS with credentials for any `Origin`); 400 `{ error }` for an unknown site key or an action that is
 *   missing, longer than 100 characters or not `[A-Za-z0-9_/]+`;
 * - `POST /recaptcha/api/siteverify` (`secret`, `response`, optional `remoteip`, form body or query) →
 *   Google's answer (see `siteverify.ts`), or 503 for the `unavailable` verdict;
 * - `GET /recaptcha/` → the page choosing the verdict; `POST /recaptcha/verdict` (form field `verdict`)
 *   → sets the verdict cookie and 303 to `/recaptcha/`, 400 page for an unknown verdict.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { sendPage } from '../shared/layout.ts';
import type { SandboxParty } from '../party.ts';
import { isSandboxSiteKey } from './keys.ts';
import { renderRecaptchaPage } from './page.ts';
import { RECAPTCHA_SCRIPT } from './script.ts';
import { siteverify } from './siteverify.ts';
import { RecaptchaTokenStore } from './token-store.ts';
import { isRecaptchaVerdict, verdictFromCookieHeader, verdictSetCookie } from './verdict.ts';

export { SANDBOX_RECAPTCHA_KEYS, type SandboxRecaptchaSecret, type SandboxRecaptchaSiteKey } from './keys.ts';
export {
  DEFAULT_RECAPTCHA_VERDICT,
  RECAPTCHA_VERDICT_COOKIE,
  RECAPTCHA_VERDICTS,
  type RecaptchaVerdict,
} from './verdict.ts';
export { RECAPTCHA_TOKEN_TTL_MS } from './token-store.ts';
export type { SiteverifyAnswer } from './siteverify.ts';

/** Actions a page may name: 1 to 100 of letters, digits, `_` and `/` (Google's rule). */
const ACTION_PATTERN = /^[A-Za-z0-9_/]{1,100}$/;

/** The first value of a query or form field when it is a string (repeated fields keep the first). */
function field(source: unknown, name: string): string | undefined {
  if (source === null || typeof source !== 'object') return undefined;
  const value: unknown = (source as Record<string, unknown>)[name];
  const first = Array.isArray(value) ? (value as unknown[])[0] : value;
  return typeof first === 'string' ? first : undefined;
}

/** Host name of the request's `Origin` header, or "localhost" when absent or not a URL. */
function originHostname(origin: string | undefined): string {
  if (!origin) return 'localhost';
  try {
    return new URL(origin).hostname || 'localhost';
  } catch {
    return 'localhost';
  }
}

/** Lets the page at `Origin` read the answer with credentials (the script fetches with cookies). */
function allowOrigin(request: FastifyRequest, reply: FastifyReply): void {
  const origin = request.headers.origin;
  if (origin === undefined) return;
  reply
    .header('access-control-allow-origin', origin)
    .header('access-control-allow-credentials', 'true')
    .header('vary', 'Origin');
}

function isFormBody(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '')
    .toLowerCase()
    .startsWith('application/x-www-form-urlencoded');
}

/** Builds the Fastify plugin of the stand-in over `store`. */
function recaptchaPlugin(store: RecaptchaTokenStore): FastifyPluginAsync {
  return async (app) => {
    app.get('/recaptcha/api.js', async (_request, reply) =>
      reply
        .header('content-type', 'text/javascript; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(RECAPTCHA_SCRIPT),
    );

    app.get('/recaptcha/api/token', async (request, reply) => {
      allowOrigin(request, reply);
      reply.header('cache-control', 'no-store');
      const siteKey = field(request.query, 'k');
      const action = field(request.query, 'action');
      if (!isSandboxSiteKey(siteKey)) return reply.code(400).send({ error: 'unknown site key (k)' });
      if (action === undefined || !ACTION_PATTERN.test(action)) {
        return reply.code(400).send({ error: 'action must be 1 to 100 of A-Z, a-z, 0-9, _ and /' });
      }
      const token = store.issue({
        siteKey,
        action,
        verdict: verdictFromCookieHeader(request.headers.cookie),
        hostname: originHostname(request.headers.origin),
      });
      return { token };
    });

    app.post('/recaptcha/api/siteverify', async (request, reply) => {
      const body = isFormBody(request) ? request.body : undefined;
      const read = (name: string) => field(body, name) ?? field(request.query, name);
      const result = siteverify(store, { secret: read('secret'), response: read('response') });
      return reply.code(result.statusCode).header('cache-control', 'no-store').send(result.body);
    });

    app.get('/recaptcha', async (_request, reply) => reply.redirect('/recaptcha/', 308));

    app.get('/recaptcha/', async (request, reply) =>
      sendPage(
        reply.header('cache-control', 'no-store'),
        renderRecaptchaPage(verdictFromCookieHeader(request.headers.cookie)),
      ),
    );

    app.post('/recaptcha/verdict', async (request, reply) => {
      const verdict = isFormBody(request) ? field(request.body, 'verdict') : undefined;
      if (!isRecaptchaVerdict(verdict)) {
        const current = verdictFromCookieHeader(request.headers.cookie);
        return sendPage(reply, renderRecaptchaPage(current, 'Choose Human, Bot or Unavailable.'), 400);
      }
      return reply.header('set-cookie', verdictSetCookie(verdict)).redirect('/recaptcha/', 303);
    });
  };
}

/**
 * The reCAPTCHA party ("reCAPTCHA", start page `/recaptcha/`), with its own in-memory token store;
 * `close()` has nothing to release.
 */
export function recaptchaParty(): SandboxParty {
  const store = new RecaptchaTokenStore();
  return {
    name: 'reCAPTCHA',
    path: '/recaptcha/',
    description:
      'Google reCAPTCHA v3 stand-in: api.js and siteverify, with a per-browser verdict (human, bot or unavailable).',
    plugin: recaptchaPlugin(store),
    close: async () => {},
  };
}
