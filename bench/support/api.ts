/**
 * The bench's calls to a node through its public API (spec §6 headers, §7 calls), over real HTTP: the
 * runtime configuration's keys, a log-in of the demo player (or any confirmed player) and its tokens.
 */
import type { BenchNode } from './nodes.ts';

/** The demo player every bench node seeds (apps/api/src/db/seed.ts). */
export const DEMO_PLAYER = { username: 'DemoPlayer', password: 'DemoPass2024' } as const;

/** The node's keys and client (spec §1 runtime configuration). */
export interface NodeKeys {
  /** `x-api-key` of every call. */
  accountApiKey: string;
  /** The anonymous bearer. */
  apiKey: string;
  /** The portal's client id (`client_id` of token/verify and token/refresh). */
  clientId: string;
}

/** Reads the node's runtime configuration (served in clear by a development node). */
export async function nodeKeys(node: BenchNode): Promise<NodeKeys> {
  const res = await fetch(`${node.url}/runtime-configuration/current/environment.json`);
  if (!res.ok) throw new Error(`runtime configuration: ${res.status}`);
  return (await res.json()) as NodeKeys;
}

/** Headers of an anonymous call (spec §6). */
export function anonymousHeaders(keys: NodeKeys): Record<string, string> {
  return { 'x-api-key': keys.accountApiKey, authorization: `Bearer ${keys.apiKey}` };
}

/** Headers of a user call with `accessToken`. */
export function userHeaders(keys: NodeKeys, accessToken: string): Record<string, string> {
  return { 'x-api-key': keys.accountApiKey, authorization: `Bearer ${accessToken}` };
}

/** A signed-in player: ids, tokens, and the known-device cookie the log-in set. */
export interface SignedIn {
  idUser: string;
  accessToken: string;
  refresh: string;
  /** The `cookie` header that makes the next log-ins come from a known device (no new-device alert). */
  deviceCookie: string;
}

async function call<T>(node: BenchNode, path: string, init: RequestInit, status = 200): Promise<T> {
  const res = await fetch(`${node.url}/api/${path}`, init);
  const text = await res.text();
  if (res.status !== status) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Logs `player` in (POST log/log-in, GET token/{identity}) and returns its tokens. */
export async function signIn(
  node: BenchNode,
  keys: NodeKeys,
  player: { username: string; password: string } = DEMO_PLAYER,
): Promise<SignedIn> {
  const res = await fetch(`${node.url}/api/log/log-in`, {
    method: 'POST',
    headers: { ...anonymousHeaders(keys), 'content-type': 'application/json' },
    body: JSON.stringify({ UsernameOrEmail: player.username, Password: player.password }),
  });
  const body = (await res.json()) as { Created: string };
  if (res.status !== 200) throw new Error(`log-in: ${res.status} ${JSON.stringify(body)}`);
  const deviceCookie = res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
  const token = await call<{ Value: string; Refresh: string; Id_User: string }>(
    node,
    `token/${encodeURIComponent(body.Created)}`,
    { headers: anonymousHeaders(keys) },
  );
  return { idUser: token.Id_User, accessToken: token.Value, refresh: token.Refresh, deviceCookie };
}

/** POST log/user/{id}/log-out with `accessToken`. */
export async function logOut(node: BenchNode, keys: NodeKeys, idUser: string, accessToken: string) {
  await call(node, `log/user/${encodeURIComponent(idUser)}/log-out`, {
    method: 'POST',
    headers: { ...userHeaders(keys, accessToken), 'content-type': 'application/json' },
    body: '{}',
  });
}
