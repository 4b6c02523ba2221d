/**
 * Helpers of the OpenID Provider's API tests (issue 21): a browser's cookie jar, one navigation without
 * following redirects, and a player's sign-in at a partner client through the provider as a browser
 * does it — the authorization request with PKCE, the portal's interaction (the SPA's log-in page first
 * when the browser holds no portal session), a real log-in, the code's exchange at the token endpoint
 * with `oauth4webapi` (a client nobody here wrote) — over real HTTP against a listening test app.
 */
import { expect } from 'vitest';
import * as oauth from 'oauth4webapi';
import type { TestApp } from '../../test/harness.ts';
import { logIn, type Player } from '../../test/helpers.ts';

/** oauth4webapi on plain http (the test app has no TLS). */
export const HTTP = { [oauth.allowInsecureRequests]: true } as const;

/** A browser's cookies for one origin: name → value (paths ignored, deletions applied). */
export class CookieJar {
  readonly #cookies = new Map<string, string>();

  /** Takes the Set-Cookie headers of `response`. */
  take(response: Response): void {
    this.takeLines(response.headers.getSetCookie());
  }

  /** Takes Set-Cookie header lines (e.g. of an injected request's answer). */
  takeLines(lines: readonly string[]): void {
    for (const line of lines) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some(
        (a) => /^\s*max-age=0\s*$/i.test(a) || /expires=Thu, 01 Jan 1970/i.test(a),
      );
      if (expired || value === '') this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
  }

  /** Sets cookie `name` (as the SPA's script does). */
  set(name: string, value: string): void {
    this.#cookies.set(name, value);
  }

  /** The Cookie header. */
  header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * One browser request to `url` (GET, or POST of the form `form`) without following redirects: the
 * answer's status, Location (absolute) and body.
 */
export async function navigate(
  jar: CookieJar,
  url: string,
  form?: Record<string, string>,
): Promise<{ status: number; location: string; body: string }> {
  const response = await fetch(url, {
    redirect: 'manual',
    headers: {
      cookie: jar.header(),
      ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    ...(form ? { method: 'POST', body: new URLSearchParams(form).toString() } : {}),
  });
  jar.take(response);
  const body = await response.text();
  return {
    status: response.status,
    location: new URL(response.headers.get('location') ?? '', url).href,
    body,
  };
}

/**
 * Follows, as a browser does with the portal's identity cookie `identity`, an authorization request at
 * the provider (`start`, e.g. GET oauth's RedirectUri) through its interaction with injected requests,
 * until the browser leaves the provider (`/oidc/…`).
 * @returns where the browser goes then (the client's redirect URI with the answer)
 */
export async function followThroughProvider(t: TestApp, start: URL, identity: string): Promise<URL> {
  const jar = new CookieJar();
  jar.set('_g2g_identity_', identity);
  let target = start;
  for (let hop = 0; target.pathname.startsWith('/oidc/'); hop += 1) {
    expect(hop, target.href).toBeLessThan(8);
    const res = await t.app.inject({
      method: 'GET',
      url: `${target.pathname}${target.search}`,
      headers: { cookie: jar.header() },
    });
    const cookies = res.headers['set-cookie'];
    jar.takeLines(cookies === undefined ? [] : Array.isArray(cookies) ? cookies : [cookies]);
    expect([302, 303], `${target.href} → ${String(res.statusCode)} ${res.body}`).toContain(res.statusCode);
    target = new URL(String(res.headers.location), target);
  }
  return target;
}

/**
 * The player's decision on the SPA's consent page `consentPage` (`${base}/oauth/consent?uid=…`, a
 * third-party client; consent.ts), posted as the page does (JSON, the portal's Origin).
 * @returns the answer's `RedirectUri`, the provider's resume address
 */
export async function decideAtConsentPage(
  jar: CookieJar,
  consentPage: string,
  approve = true,
): Promise<string> {
  const page = new URL(consentPage);
  expect(page.pathname).toBe('/oauth/consent');
  const uid = page.searchParams.get('uid') ?? '';
  const response = await fetch(`${page.origin}/oidc/interaction/${encodeURIComponent(uid)}/consent`, {
    method: 'POST',
    headers: { cookie: jar.header(), origin: page.origin, 'content-type': 'application/json' },
    body: JSON.stringify({ Approve: approve }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { RedirectUri: string }).RedirectUri;
}

/** A new authorization request (RFC 6749 §4.1.1, PKCE S256, OIDC `nonce`) and what its answer needs. */
export interface AuthorizationRequest {
  /** The provider's authorization endpoint with the request's query. */
  url: URL;
  verifier: string;
  state: string;
  nonce: string;
}

/**
 * Builds an authorization request of `clientId` to `redirectUri` for `scope` at `as`'s authorization
 * endpoint, with fresh state, nonce and PKCE verifier; `extra` parameters are added (or replace those).
 */
export async function authorizationRequest(
  as: oauth.AuthorizationServer,
  clientId: string,
  redirectUri: string,
  scope: string,
  extra: Record<string, string> = {},
): Promise<AuthorizationRequest> {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const nonce = oauth.generateRandomNonce();
  const url = new URL(as.authorization_endpoint!);
  url.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope,
    state,
    nonce,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    ...extra,
  }).toString();
  return { url, verifier, state, nonce };
}

/** A confidential partner client of a test: its metadata, secret and registered redirect URI. */
export interface TestClient {
  client: oauth.Client;
  secret: string;
  redirectUri: string;
}

/** What {@link signInAt} signs in with. */
export interface SignInOptions {
  /** The listening test app and its origin (`http://127.0.0.1:<port>`). */
  t: TestApp;
  base: string;
  /** The provider's discovered metadata. */
  as: oauth.AuthorizationServer;
  partner: TestClient;
  player: Player;
  /** The requested scope (default `openid profile email`). */
  scope?: string;
  /** The browser already holds a portal session (default false: sent to the SPA's log-in page first). */
  loggedIn?: boolean;
  /** More authorization request parameters (e.g. `max_age`). */
  extra?: Record<string, string>;
}

/**
 * Signs `player` in at `partner` through the provider (see the module comment), checking each step.
 * @returns the token endpoint's answer, the nonce sent, the browser's jar and the portal identity
 */
export async function signInAt({
  t,
  base,
  as,
  partner,
  player,
  scope = 'openid profile email',
  loggedIn = false,
  extra = {},
}: SignInOptions) {
  const { client, secret, redirectUri } = partner;
  const {
    url: authorization,
    verifier,
    state,
    nonce,
  } = await authorizationRequest(as, client.client_id, redirectUri, scope, extra);
  const jar = new CookieJar();
  const toInteraction = await navigate(jar, authorization.href);
  expect(toInteraction.status, toInteraction.location).toBe(303);
  expect(toInteraction.location).toMatch(new RegExp(`^${base}/oidc/interaction/[\\w-]+$`));
  if (!loggedIn) {
    // No portal session in this browser: the SPA's log-in page, which comes back here.
    const toLogin = await navigate(jar, toInteraction.location);
    expect(toLogin.status).toBe(303);
    const login = new URL(toLogin.location);
    expect(`${login.origin}${login.pathname}`).toBe(`${t.config.publicUrl}/login`);
    expect(login.searchParams.get('redirectUrl')).toBe(toInteraction.location);
  }
  const identity = await logIn(t, player);
  jar.set('_g2g_identity_', identity);
  const toResume = await navigate(jar, toInteraction.location);
  expect(toResume.status, toResume.location).toBe(303);
  const toClient = await navigate(jar, toResume.location);
  expect(toClient.status).toBe(303);
  expect(toClient.location.startsWith(`${redirectUri}?`)).toBe(true);
  const parameters = oauth.validateAuthResponse(as, client, new URL(toClient.location), state);
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    oauth.ClientSecretBasic(secret),
    parameters,
    redirectUri,
    verifier,
    HTTP,
  );
  const tokens = await oauth.processAuthorizationCodeResponse(as, client, response, {
    expectedNonce: nonce,
    requireIdToken: true,
  });
  return { tokens, nonce, jar, identity };
}
