/**
 * Helpers of the Steam stand-in's tests (not used by the sandbox itself): a small Fastify server with
 * only the Steam party, and the browser's side of the sign-in (open the approve page, submit its form).
 */
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import formbody from '@fastify/formbody';
import { steamParty } from './index.ts';

/** A running test server: its base URL (`http://127.0.0.1:<port>`) and how to stop it. */
export interface SteamTestServer {
  readonly base: string;
  close(): Promise<void>;
}

/** Starts Fastify with `@fastify/formbody` and the Steam party on a free port of 127.0.0.1. */
export async function startSteamTestServer(): Promise<SteamTestServer> {
  let base = '';
  const app = Fastify();
  await app.register(formbody);
  await app.register(steamParty({ publicUrl: () => base }).plugin);
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return { base, close: () => app.close() };
}

/**
 * Registers vitest hooks that run a Steam test server for the file's tests; `base()` is its URL once
 * started (throws before).
 */
export function useSteamTestServer(): { base(): string } {
  let server: SteamTestServer | undefined;
  beforeAll(async () => {
    server = await startSteamTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });
  return {
    base: () => {
      if (!server) throw new Error('The Steam test server is not started yet');
      return server.base;
    },
  };
}

/** Undoes the escaping of `shared/html.ts` in an attribute value. */
function unescapeHtml(text: string): string {
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (_match, name: string) => entities[name] ?? '');
}

/** The hidden inputs of a page, in order, as `[name, value]` pairs. */
export function hiddenInputs(page: string): Array<[string, string]> {
  return [...page.matchAll(/<input\s+type="hidden"\s+name="([^"]*)"\s+value="([^"]*)"\s*\/?>/g)].map(
    (match): [string, string] => [unescapeHtml(match[1]), unescapeHtml(match[2])],
  );
}

/** The fields of a `checkid_setup` request with identifier_select. */
export function checkIdFields(returnTo: string, realm: string): Record<string, string> {
  return {
    'openid.ns': 'http://specs.openid.net/auth/2.0',
    'openid.mode': 'checkid_setup',
    'openid.claimed_id': 'http://specs.openid.net/auth/2.0/identifier_select',
    'openid.identity': 'http://specs.openid.net/auth/2.0/identifier_select',
    'openid.return_to': returnTo,
    'openid.realm': realm,
  };
}

/** Posts the approve form: the page's hidden inputs plus `choice` (e.g. `{ steamid, action }`). */
export async function submitApproveForm(
  base: string,
  hidden: ReadonlyArray<[string, string]>,
  choice: Record<string, string>,
): Promise<Response> {
  return fetch(`${base}/steam/openid/approve`, {
    method: 'POST',
    body: new URLSearchParams([...hidden, ...Object.entries(choice)]),
    redirect: 'manual',
  });
}

/**
 * Opens the approve page at `loginUrl` (which must answer 200) and signs in with `choice` (default: the
 * first demo account). @returns the 303's `Location` (the assertion to the relying party)
 */
export async function signIn(
  base: string,
  loginUrl: string,
  choice: Record<string, string> = { steamid: '76561197960287930' },
): Promise<string> {
  const page = await fetch(loginUrl);
  if (page.status !== 200) throw new Error(`approve page answered ${page.status}`);
  const answer = await submitApproveForm(base, hiddenInputs(await page.text()), {
    action: 'approve',
    ...choice,
  });
  const location = answer.headers.get('location');
  if (answer.status !== 303 || location === null) throw new Error(`approve answered ${answer.status}`);
  return location;
}

/** Sends `check_authentication` with `assertion`'s `openid.*` fields; @returns the key-value body. */
export async function checkAuthentication(base: string, assertion: URLSearchParams): Promise<string> {
  const body = new URLSearchParams();
  for (const [key, value] of assertion)
    if (key.startsWith('openid.') && key !== 'openid.mode') body.set(key, value);
  body.set('openid.mode', 'check_authentication');
  const response = await fetch(`${base}/steam/openid/login`, { method: 'POST', body });
  return response.text();
}
