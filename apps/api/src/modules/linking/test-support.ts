/**
 * Helpers of the linking API tests (spec §4 Linking a provider): a test app whose portal runs at a
 * loopback address (the sandbox's OAuth clients accept loopback redirect URIs only), a logged-in
 * player, and the player's side of each provider's sign-in, driven over real HTTP against the
 * sandbox's Steam, Twitch and Epic Games stand-ins.
 */
import type { LightMyRequestResponse } from 'fastify';
import type { Token } from '@guildgate/contracts';
import { asUser, json, startTestApp, type TestApp, type TestAppOptions } from '../../test/harness.ts';
import { createPlayer, sessionOf, type Player } from '../../test/helpers.ts';
import { approve, signIn, TestBrowser } from '@guildgate/sandbox/testing';

/** The portal address of the linking test apps. */
export const LINK_TEST_PUBLIC_URL = 'http://localhost:8080';

/** Starts a test app for the linking suites (PUBLIC_URL on loopback, partner site allow-listed). */
export function startLinkingApp(kind: 'sqlite' | 'postgres', options: TestAppOptions = {}): Promise<TestApp> {
  return startTestApp(kind, {
    ...options,
    env: {
      PUBLIC_URL: LINK_TEST_PUBLIC_URL,
      REDIRECT_PATTERNS: 'https://partner.example/',
      ...options.env,
    },
  });
}

/** A confirmed player with a live session. */
export interface LinkingPlayer extends Player {
  token: Token;
}

/** Registers, confirms and logs in `username`. */
export async function linkingPlayer(t: TestApp, username: string): Promise<LinkingPlayer> {
  const player = await createPlayer(t, username);
  const { token } = await sessionOf(t, player);
  return { ...player, token };
}

/** GET {segment}/auth as `player`. */
export function getAuth(
  t: TestApp,
  player: LinkingPlayer,
  segment: 'steam' | 'twitch' | 'epicgames',
  query: Record<string, string>,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'GET',
    url: `/api/${segment}/auth?${new URLSearchParams(query)}`,
    headers: asUser(player.token.Value),
  });
}

/** POST `path` with `body` as `player`. */
export function postAs(
  t: TestApp,
  player: LinkingPlayer,
  path: string,
  body: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: `/api/${path}`,
    headers: asUser(player.token.Value),
    payload: body,
  });
}

/**
 * Starts a Steam link for `player` and signs in at the sandbox's approve page as `steamId` (with an
 * optional persona name).
 * @returns the address Steam sends the browser back to (the callback with the assertion)
 */
export async function steamAssertion(
  t: TestApp,
  player: LinkingPlayer,
  steamId: string,
  options: { redirectUrl?: string; personaName?: string; action?: 'approve' | 'cancel' } = {},
): Promise<URL> {
  const query: Record<string, string> = { callbackPath: '/steam/callback' };
  if (options.redirectUrl) query.redirectUrl = options.redirectUrl;
  const res = await getAuth(t, player, 'steam', query);
  if (res.statusCode !== 200) throw new Error(`steam/auth answered ${res.statusCode}: ${res.body}`);
  const location = await signIn(t.sandboxUrl, json<{ URL: string }>(res).URL, {
    custom_steamid: steamId,
    persona_name: options.personaName ?? '',
    action: options.action ?? 'approve',
  });
  return new URL(location);
}

/** The query of `url` as a plain object (what the SPA's callback page posts). */
export function queryOf(url: URL): Record<string, string> {
  return Object.fromEntries(url.searchParams);
}

/** GET profile/connects as `player`. */
export async function connectionsOf(t: TestApp, player: LinkingPlayer) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/profile/connects',
    headers: asUser(player.token.Value),
  });
  return json<
    Array<{
      CanonicalName: string;
      IsLinked: boolean;
      Id_Account: string | null;
      ConnectName: string | null;
      Avatar: string | null;
      LastCheck: string | null;
    }>
  >(res);
}

/** A fresh SteamID64 (17 digits starting 7656119), unique per call within a run. */
let steamSeq = 0;
export function freshSteamId(): string {
  steamSeq += 1;
  const tail = `${Date.now() % 1e7}${String(steamSeq).padStart(3, '0')}`.slice(-10).padStart(10, '0');
  return `7656119${tail}`;
}

/**
 * Starts a Twitch (`twitch`) or Epic Games (`epicgames`) link for `player` and answers the sandbox's
 * approve page as `username` (a fresh account, or a demo login), or cancels.
 * @returns the address the provider sends the browser back to (code or error, state, iss)
 */
export async function oauthCallback(
  t: TestApp,
  player: LinkingPlayer,
  segment: 'twitch' | 'epicgames',
  options: {
    username: string;
    callbackPath?: string;
    redirectUrl?: string;
    decision?: 'authorize' | 'cancel';
  },
): Promise<{ authorizationUrl: URL; callback: URL }> {
  const query: Record<string, string> = {
    callbackPath:
      options.callbackPath ?? (segment === 'twitch' ? '/twitch/callback' : '/epic-games/callback'),
  };
  if (options.redirectUrl) query.redirectUrl = options.redirectUrl;
  const res = await getAuth(t, player, segment, query);
  if (res.statusCode !== 200) throw new Error(`${segment}/auth answered ${res.statusCode}: ${res.body}`);
  const authorizationUrl = new URL(json<{ URL: string }>(res).URL);
  const callback = await approve(new TestBrowser(), authorizationUrl, {
    username: options.username,
    decision: options.decision ?? 'authorize',
  });
  return { authorizationUrl, callback };
}
