/**
 * Test support for the sandbox identity providers (`oidc-party.ts`; used by the Twitch, Epic Games,
 * partner IdP and helper tests, never by the sandbox itself): a Fastify app with the given parties
 * listening on a free port of 127.0.0.1 (formbody registered, like `app.ts`), and a small cookie-keeping
 * "browser" that drives an authorization request through the approve page or the partner studios' login
 * page with `fetch`, following redirects by hand until the provider sends the browser to the client's
 * redirect URI; then `openid-client` as the relying party (discovery, authorization URL, code exchange).
 */
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import formbody from '@fastify/formbody';
import * as client from 'openid-client';
import type { SandboxContext, SandboxParty } from '../party.ts';

/** A listening test sandbox. */
export interface TestSandbox {
  /** e.g. "http://127.0.0.1:41234". */
  readonly baseUrl: string;
  close(): Promise<void>;
}

/** Starts a Fastify app with the parties built by `build` (given the context) on 127.0.0.1, port 0. */
export async function startTestSandbox(
  build: (context: SandboxContext) => readonly SandboxParty[],
): Promise<TestSandbox> {
  const address: { baseUrl?: string } = {};
  const context: SandboxContext = {
    publicUrl: () => {
      if (address.baseUrl === undefined) throw new Error('The sandbox is not listening yet');
      return address.baseUrl;
    },
  };
  const app = Fastify({ logger: false });
  await app.register(formbody);
  const parties = build(context);
  for (const party of parties) await app.register(party.plugin);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  address.baseUrl = baseUrl;
  return {
    baseUrl,
    close: async () => {
      await app.close();
      await Promise.all(parties.map((party) => party.close()));
    },
  };
}

/** A cookie-keeping client that never follows redirects on its own. */
export class TestBrowser {
  readonly cookies = new Map<string, string>();

  /** `fetch` with the jar's cookies (paths ignored) and `redirect: 'manual'`; stores `set-cookie`. */
  async fetch(url: string | URL, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) {
      headers.set('cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    }
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = /expires=Thu, 01 Jan 1970/i.test(line) || /max-age=0\b/i.test(line);
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /**
   * Follows redirects from `url` (GET) while they stay on `origin`; returns the last response and its
   * URL. Throws after 10 hops.
   */
  async follow(url: string | URL, origin: string): Promise<{ response: Response; url: URL }> {
    let current = new URL(url);
    for (let hop = 0; hop < 10; hop += 1) {
      const response = await this.fetch(current);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || location === null) {
        return { response, url: current };
      }
      const next = new URL(location, current);
      if (next.origin !== origin) return { response, url: current };
      current = next;
    }
    throw new Error(`Too many redirects from ${url.toString()}`);
  }
}

/** The `action` of the first form of an HTML page, resolved against `pageUrl`. */
export function formAction(page: string, pageUrl: URL): URL {
  const match = /<form[^>]*\saction="([^"]+)"/.exec(page);
  if (!match?.[1]) throw new Error('No form on the page');
  return new URL(match[1].replace(/&amp;/g, '&'), pageUrl);
}

/** What an interaction form (approve page or sign-in page) is posted with. */
export type ApproveForm = Record<string, string>;

/**
 * What posting an interaction form led to: the URL the provider finally sends the browser to (the
 * client's redirect URI with `code` or `error`, `state` and `iss`), or the page answered instead.
 */
export type InteractionOutcome =
  { readonly callback: URL } | { readonly status: number; readonly page: string };

/**
 * Opens `authorizationUrl` as a browser, expects the interaction page (200; throws otherwise), posts `form`
 * to its first form's action and, on a 303, follows the provider's redirects to the client.
 */
export async function submitInteraction(
  browser: TestBrowser,
  authorizationUrl: URL,
  form: ApproveForm,
): Promise<InteractionOutcome> {
  const origin = authorizationUrl.origin;
  const { response: page, url: pageUrl } = await browser.follow(authorizationUrl, origin);
  if (page.status !== 200) throw new Error(`Sign-in page answered ${page.status}: ${await page.text()}`);
  const action = formAction(await page.text(), pageUrl);
  const posted = await browser.fetch(action, { method: 'POST', body: new URLSearchParams(form) });
  const location = posted.headers.get('location');
  if (posted.status !== 303 || location === null) {
    return { status: posted.status, page: await posted.text() };
  }
  const { response, url } = await browser.follow(new URL(location, action), origin);
  const target = response.headers.get('location');
  if (target === null) throw new Error(`No redirect to the client: ${response.status} ${url.toString()}`);
  return { callback: new URL(target, url) };
}

/**
 * The client's redirect URL of an outcome of {@link submitInteraction}; throws an error naming `what` with
 * the status and page when the form was refused instead.
 */
export function callbackOf(outcome: InteractionOutcome, what = 'Sign-in form'): URL {
  if ('callback' in outcome) return outcome.callback;
  throw new Error(`${what} answered ${outcome.status}: ${outcome.page}`);
}

/**
 * Opens `authorizationUrl` as a browser, expects the approve page (200), posts `form` to it and follows the
 * provider's redirects; returns the URL the browser is finally sent to (the client's redirect URI with
 * `code` or `error`, `state` and `iss`). Throws when the form is refused.
 */
export async function approve(browser: TestBrowser, authorizationUrl: URL, form: ApproveForm): Promise<URL> {
  return callbackOf(await submitInteraction(browser, authorizationUrl, form), 'Approve form');
}

/**
 * Signs in on a login-form sign-in page (the partner studios' providers: form `decision=sign-in`,
 * `username` — a username or e-mail address —, `password`); `{ callback }` after a success, else the
 * refusal page (`{ status: 400, page }` for wrong credentials).
 */
export async function signInAt(
  browser: TestBrowser,
  authorizationUrl: URL,
  credentials: { readonly username: string; readonly password: string },
): Promise<InteractionOutcome> {
  return submitInteraction(browser, authorizationUrl, { decision: 'sign-in', ...credentials });
}

/** A test account to create on a login-form sign-in page. */
export interface NewTestAccount {
  readonly username: string;
  readonly email: string;
  /** The "Email verified" checkbox (checked unless false). */
  readonly emailVerified?: boolean;
  readonly password: string;
}

/**
 * Creates an account with the "Create a test account" form of a login-form sign-in page (form
 * `decision=create`, `username`, `email`, `email_verified=on` when verified, `password`), which signs it
 * in; `{ callback }` after a success, else the refusal page (400).
 */
export async function createAccountAt(
  browser: TestBrowser,
  authorizationUrl: URL,
  account: NewTestAccount,
): Promise<InteractionOutcome> {
  const { username, email, password } = account;
  const form: ApproveForm = { decision: 'create', username, email, password };
  if (account.emailVerified !== false) form.email_verified = 'on';
  return submitInteraction(browser, authorizationUrl, form);
}

/**
 * The relying party's configuration from the provider's discovery document (plain http allowed), with
 * `client_secret_post` unless `auth` says otherwise.
 */
export async function discover(
  issuer: string,
  clientId: string,
  clientSecret: string,
  auth?: client.ClientAuth,
): Promise<client.Configuration> {
  return client.discovery(new URL(issuer), clientId, clientSecret, auth, {
    execute: [client.allowInsecureRequests],
  });
}

/** An authorization request and the values needed to check its answer. */
export interface AuthorizationRequest {
  readonly url: URL;
  readonly state: string;
  readonly nonce: string;
  readonly verifier: string;
  readonly redirectUri: string;
}

/**
 * Builds an authorization request (`scope` "openid" by default, a random `state` and `nonce`, PKCE S256
 * unless `pkce` is false); `extra` parameters are added or override the defaults.
 */
export async function authorizationRequest(
  config: client.Configuration,
  redirectUri: string,
  extra: Record<string, string> = {},
  pkce = true,
): Promise<AuthorizationRequest> {
  const state = client.randomState();
  const nonce = client.randomNonce();
  const verifier = client.randomPKCECodeVerifier();
  const parameters: Record<string, string> = { redirect_uri: redirectUri, scope: 'openid', state, nonce };
  if (pkce) {
    parameters.code_challenge = await client.calculatePKCECodeChallenge(verifier);
    parameters.code_challenge_method = 'S256';
  }
  const url = client.buildAuthorizationUrl(config, { ...parameters, ...extra });
  return { url, state, nonce, verifier, redirectUri };
}

/**
 * Exchanges the code of `callback`, checking state and nonce; sends the request's PKCE verifier, or
 * `verifier` when given (`null`: none).
 */
export async function exchange(
  config: client.Configuration,
  request: AuthorizationRequest,
  callback: URL,
  verifier: string | null = request.verifier,
): Promise<client.TokenEndpointResponse & client.TokenEndpointResponseHelpers> {
  return client.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: verifier ?? undefined,
    expectedState: request.state,
    expectedNonce: request.nonce,
  });
}

/** The `error` of a rejected openid-client call (e.g. "invalid_grant"), or undefined when it succeeds. */
export async function oauthError(call: Promise<unknown>): Promise<string | undefined> {
  try {
    await call;
    return undefined;
  } catch (error) {
    if (error instanceof client.ResponseBodyError || error instanceof client.AuthorizationResponseError) {
      return error.error;
    }
    if (error instanceof client.WWWAuthenticateChallengeError) {
      return error.cause[0]?.parameters.error;
    }
    throw error;
  }
}
