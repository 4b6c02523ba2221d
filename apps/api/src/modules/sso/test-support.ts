/**
 * Helpers of the hub's API suites (spec §1 Single sign-on, §7 GET oauth, token/refresh, token/verify;
 * RFC 6749 §4.1): a test app with two partner clients whose redirect URIs are registered (one of them
 * not allow-listed), a logged-in player, and the calls a partner site and the SPA make — GET oauth,
 * POST oauth/token, GET token/verify and GET token/refresh — over the app's full request path.
 */
import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  ANONYMOUS,
  asUser,
  json,
  startTestApp,
  type TestApp,
  type TestAppOptions,
} from '../../test/harness.ts';
import { createPlayer, sessionOf, type Player } from '../../test/helpers.ts';
import { issueClientSecret } from '../oauth-clients/index.ts';
import { followThroughProvider } from '../oidc/test-support.ts';

/** The partner clients of the suites. */
export const CLIENT = 'forum-example';
export const OTHER = 'wiki-example';
/** CLIENT's and OTHER's registered and allow-listed redirect URI. */
export const REDIRECT_URI = 'https://partner.example/callback';
/** A second registered URI of CLIENT, with a query of its own. */
export const REDIRECT_WITH_QUERY = 'https://partner.example/return?site=forum';
/** Registered for both clients, but not on the allow-list. */
export const NOT_ALLOWED_URI = 'https://not-allow-listed.example/cb';

/** A running hub with its clients' secrets and a player with a live session. */
export interface Hub {
  t: TestApp;
  secret: string;
  otherSecret: string;
  player: Player;
  /** The player's portal access token (GET oauth's bearer). */
  bearer: string;
  /** The player's identity handle (the `_g2g_identity_` cookie the provider's interaction reads). */
  identity: string;
}

/** Starts a test app with CLIENT and OTHER registered and a confirmed, logged-in player `username`. */
export async function startHub(
  kind: 'sqlite' | 'postgres',
  username: string,
  options: TestAppOptions = {},
): Promise<Hub> {
  const t = await startTestApp(kind, {
    ...options,
    env: { REDIRECT_PATTERNS: 'https://partner.example/,https://unlisted.example/', ...options.env },
  });
  const secret = await issueClientSecret(t.ctx.db, CLIENT, 'Forum');
  const otherSecret = await issueClientSecret(t.ctx.db, OTHER, 'Wiki');
  const uris = (list: string[]) => ({ redirect_uris: JSON.stringify(list) });
  await t.ctx.db
    .updateTable('oauth_clients')
    .set(uris([REDIRECT_URI, REDIRECT_WITH_QUERY, NOT_ALLOWED_URI]))
    .where('client_id', '=', CLIENT)
    .execute();
  await t.ctx.db
    .updateTable('oauth_clients')
    .set(uris([REDIRECT_URI, NOT_ALLOWED_URI]))
    .where('client_id', '=', OTHER)
    .execute();
  const player = await createPlayer(t, username);
  const session = await sessionOf(t, player);
  return { t, secret, otherSecret, player, bearer: session.token.Value, identity: session.identity };
}

/** The first §8 code of an answer. */
export function firstCode(res: LightMyRequestResponse): string | undefined {
  return json<{ ErrorMessages?: Array<{ ErrorMessage: string }> }>(res).ErrorMessages?.[0]?.ErrorMessage;
}

/** `Authorization: Basic …` of `id` and `secret` (RFC 6749 §2.3.1). */
export function basic(id: string, secret: string): string {
  return `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;
}

/** A PKCE verifier and its S256 challenge (RFC 7636 §4.1–§4.2). */
export function pkcePair(seed: string): { verifier: string; challenge: string } {
  const verifier = createHash('sha256').update(seed).digest('base64url') + '-._~verifier';
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The PKCE pair of {@link AUTHORIZATION} and {@link grant}: every client must use PKCE (RFC 9700 §2.1.1). */
export const PKCE = pkcePair('suite default');

/** A valid authorization request of CLIENT, with the PKCE challenge of {@link PKCE}. */
export const AUTHORIZATION = {
  client_id: CLIENT,
  redirect_uri: REDIRECT_URI,
  state: 'xyz',
  response_type: 'code',
  code_challenge: PKCE.challenge,
  code_challenge_method: 'S256',
} as const;

/** GET oauth with `query`, as the player by default. */
export function getOAuth(
  hub: Hub,
  query: Record<string, string>,
  headers: Record<string, string> = asUser(hub.bearer),
): Promise<LightMyRequestResponse> {
  return hub.t.app.inject({ method: 'GET', url: `/api/oauth?${new URLSearchParams(query)}`, headers });
}

/** The RedirectUri of a 200 answer of GET oauth. */
export function redirectOf(res: LightMyRequestResponse): URL {
  expect(res.statusCode, res.body).toBe(200);
  return new URL(json<{ RedirectUri: string }>(res).RedirectUri, 'http://portal.invalid');
}

/**
 * Where the browser of `hub`'s player ends after GET oauth: the RedirectUri, followed — as the browser
 * does, with the portal's identity cookie — through the provider's authorization endpoint and its
 * interaction until it leaves the provider (`/oidc/…`).
 * @param identity the browser's identity cookie (default: the hub player's)
 */
export async function authorize(
  hub: Hub,
  query: Record<string, string>,
  identity: string = hub.identity,
): Promise<URL> {
  return followThroughProvider(hub.t, redirectOf(await getOAuth(hub, query)), identity);
}

/** A new code for `hub`'s player (GET oauth through the provider), checked to come with its state. */
export async function newCode(hub: Hub, extra: Record<string, string> = {}): Promise<string> {
  const query = { ...AUTHORIZATION, ...extra };
  const target = await authorize(hub, query);
  expect(target.searchParams.get('state'), target.href).toBe(query.state);
  const code = target.searchParams.get('code');
  expect(code).toBeTruthy();
  return code!;
}

/** POST oauth/token, form-encoded, as CLIENT in HTTP Basic unless `authorization` is given ('' for none). */
export function postToken(
  hub: Hub,
  body: Record<string, string>,
  authorization: string = basic(CLIENT, hub.secret),
): Promise<LightMyRequestResponse> {
  return hub.t.app.inject({
    method: 'POST',
    url: '/api/oauth/token',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(authorization ? { authorization } : {}),
    },
    payload: new URLSearchParams(body).toString(),
  });
}

/** The grant of a code for REDIRECT_URI, with the verifier of {@link PKCE} unless `extra` says otherwise. */
export function grant(code: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT_URI,
    code_verifier: PKCE.verifier,
    ...extra,
  };
}

/** The token answer of a successful exchange. */
export interface HubTokens {
  access_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
  scope: string;
  Id_User: string;
}

/** Exchanges a fresh code of `client` (CLIENT or OTHER) with its credentials; asserts success. */
export async function tokensOf(hub: Hub, client: string = CLIENT): Promise<HubTokens> {
  const code = await newCode(hub, { client_id: client });
  const res = await postToken(
    hub,
    grant(code),
    basic(client, client === CLIENT ? hub.secret : hub.otherSecret),
  );
  expect(res.statusCode, res.body).toBe(200);
  return json<HubTokens>(res);
}

/** GET token/verify with the anonymous bearer. */
export function verifyToken(
  hub: Hub,
  client_id: string,
  access_token: string,
): Promise<LightMyRequestResponse> {
  return hub.t.app.inject({
    method: 'GET',
    url: `/api/token/verify?${new URLSearchParams({ client_id, access_token })}`,
    headers: ANONYMOUS,
  });
}

/**
 * GET token/refresh as a partner's server makes it: the portal's `x-api-key` and CLIENT's HTTP Basic
 * credentials (a confidential client authenticates to refresh), unless `authorization` is given.
 */
export function refreshToken(
  hub: Hub,
  query: { client_id: string; access_token: string; refresh_token: string },
  authorization: string = basic(CLIENT, hub.secret),
): Promise<LightMyRequestResponse> {
  return hub.t.app.inject({
    method: 'GET',
    url: `/api/token/refresh?${new URLSearchParams(query)}`,
    headers: { 'x-api-key': ANONYMOUS['x-api-key'], authorization },
  });
}

/** Audit events of `type`, oldest first, with their parsed detail. */
export async function auditEvents(
  t: TestApp,
  type: string,
): Promise<Array<{ user_id: number | null; detail: Record<string, unknown> }>> {
  const rows = await t.ctx.db
    .selectFrom('audit_events')
    .select(['user_id', 'detail'])
    .where('type', '=', type)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    user_id: row.user_id,
    detail: JSON.parse(row.detail ?? '{}') as Record<string, unknown>,
  }));
}
