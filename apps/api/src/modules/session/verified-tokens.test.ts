/**
 * The verified-token cache across nodes (issue 23 §3; verified-tokens.ts): two API nodes, each its own
 * process, on one PostgreSQL database and one Redis. A token both nodes have verified (so both remember
 * it) and then revoked on one node is refused by the other on the very next request; a username
 * changed on one is answered by the other at once. A revocation no node was told of (written to the
 * store directly) is served from the cache — so the cache is really on — for TOKEN_CACHE_MAX_AGE_SECONDS
 * at most. When the nodes' Redis goes away (a throw-away redis-server of this test), a node stops
 * serving from its cache: a revocation on the other node, which cannot publish it, is refused there too.
 * Runs with TEST_DATABASE_URL and REDIS_URL (CI sets both), like the other PostgreSQL suites.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, spawnNode, waitForHealth, type NodeProcess } from '../../test/node-process.ts';
import { DEMO_PLAYER } from '../../db/seed.ts';

const adminUrl = process.env.TEST_DATABASE_URL ?? '';
const redisUrl = process.env.REDIS_URL ?? '';
const MAX_AGE_SECONDS = 3;

interface Node {
  url: string;
  process: NodeProcess;
}

/** Every node this file started, stopped after its suite. */
const started: Node[] = [];
async function stopNodes(): Promise<void> {
  await Promise.all(started.splice(0).map((node) => node.process.stop()));
}

interface Keys {
  accountApiKey: string;
  apiKey: string;
  clientId: string;
}

/** Database `name` on the server of TEST_DATABASE_URL. */
function databaseUrl(name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin(sql: string, url = adminUrl): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * One node of a deployment whose nodes share `publicUrl` (the load balancer's address: the tokens'
 * issuer), on a port of its own.
 */
async function startNode(database: string, redis: string, prefix: string, publicUrl: string): Promise<Node> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawnNode({
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: publicUrl,
    DATABASE_URL: database,
    REDIS_URL: redis,
    REDIS_KEY_PREFIX: prefix,
    PORTAL_ENVIRONMENT: 'local',
    SEED_DEMO: '1',
    LOG_LEVEL: 'error',
    RATE_LIMIT_PER_MINUTE: '10000',
    TOKEN_CACHE_MAX_AGE_SECONDS: String(MAX_AGE_SECONDS),
  });
  const node = { url, process: child };
  started.push(node);
  await waitForHealth(child, url, 60_000);
  return node;
}

const headers = (keys: Keys, bearer = keys.apiKey) => ({
  'x-api-key': keys.accountApiKey,
  authorization: `Bearer ${bearer}`,
  'content-type': 'application/json',
});

async function logIn(node: Node, keys: Keys): Promise<{ idUser: string; token: string }> {
  const res = await fetch(`${node.url}/api/log/log-in`, {
    method: 'POST',
    headers: headers(keys),
    body: JSON.stringify({ UsernameOrEmail: DEMO_PLAYER.username, Password: DEMO_PLAYER.password }),
  });
  expect(res.status).toBe(200);
  const { Created } = (await res.json()) as { Created: string };
  const token = await fetch(`${node.url}/api/token/${encodeURIComponent(Created)}`, {
    headers: headers(keys),
  });
  expect(token.status).toBe(200);
  const body = (await token.json()) as { Value: string; Id_User: string };
  return { idUser: body.Id_User, token: body.Value };
}

async function verify(
  node: Node,
  keys: Keys,
  token: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const query = new URLSearchParams({ client_id: keys.clientId, access_token: token });
  const res = await fetch(`${node.url}/api/token/verify?${query.toString()}`, { headers: headers(keys) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** GET profile/user/{id} with the player's bearer: the bearer guard of every player call. */
async function profileStatus(node: Node, keys: Keys, idUser: string, token: string): Promise<number> {
  const res = await fetch(`${node.url}/api/profile/user/${encodeURIComponent(idUser)}`, {
    headers: headers(keys, token),
  });
  await res.arrayBuffer();
  return res.status;
}

describe.runIf(adminUrl && redisUrl)('two nodes on one PostgreSQL and Redis', () => {
  const database = `gg_verified_tokens_${Date.now().toString(36)}`;
  const prefix = `test:verified-tokens:${Date.now().toString(36)}:`;
  let a: Node;
  let b: Node;
  let keys: Keys;

  beforeAll(async () => {
    await admin(`CREATE DATABASE ${database}`);
    a = await startNode(databaseUrl(database), redisUrl, prefix, 'http://portal.test');
    b = await startNode(databaseUrl(database), redisUrl, prefix, 'http://portal.test');
    const config = await fetch(`${a.url}/runtime-configuration/current/environment.json`);
    keys = (await config.json()) as Keys;
  }, 120_000);

  afterAll(async () => {
    await stopNodes();
    await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  });

  it('refuses on one node, at the next request, a token logged out on the other', async () => {
    const player = await logIn(a, keys);
    // Both nodes verify it, so both remember it.
    for (const node of [a, b, a, b]) expect((await verify(node, keys, player.token)).status).toBe(200);
    expect(await profileStatus(b, keys, player.idUser, player.token)).toBe(200);

    const out = await fetch(`${a.url}/api/log/user/${encodeURIComponent(player.idUser)}/log-out`, {
      method: 'POST',
      headers: headers(keys, player.token),
      body: '{}',
    });
    expect(out.status).toBe(200);

    const refused = await verify(b, keys, player.token);
    expect(refused.status).toBe(400);
    expect(refused.body.ErrorMessages).toEqual([{ ErrorMessage: 'ERROR_TOKEN_INVALID', Property: '' }]);
    expect(await profileStatus(b, keys, player.idUser, player.token)).toBe(401);
    expect((await verify(a, keys, player.token)).status).toBe(400);
  });

  it('refuses on one node the other sessions signed out from the other node', async () => {
    const kept = await logIn(b, keys);
    const other = await logIn(b, keys);
    for (const node of [a, b]) expect((await verify(node, keys, other.token)).status).toBe(200);
    const res = await fetch(`${b.url}/api/account/sessions/sign-out-others`, {
      method: 'POST',
      headers: headers(keys, kept.token),
      body: '{}',
    });
    expect(res.status).toBe(200);
    expect((await verify(a, keys, other.token)).status).toBe(400);
    expect((await verify(a, keys, kept.token)).status).toBe(200);
  });

  it('answers on one node the username changed on the other', async () => {
    const player = await logIn(a, keys);
    expect((await verify(b, keys, player.token)).body.Username).toBe(DEMO_PLAYER.username);
    const renamed = `Demo${Date.now().toString(36).slice(-6)}`;
    const res = await fetch(
      `${a.url}/api/profile/user/${encodeURIComponent(player.idUser)}/update-username`,
      {
        method: 'POST',
        headers: headers(keys, player.token),
        body: JSON.stringify({ Username: renamed }),
      },
    );
    expect(res.status).toBe(200);
    expect((await verify(b, keys, player.token)).body.Username).toBe(renamed);
    // Back, for the other tests' log-ins.
    await admin(
      `UPDATE users SET username = '${DEMO_PLAYER.username}', username_normalized = '${DEMO_PLAYER.username.toLowerCase()}' WHERE id_user = '${player.idUser}'`,
      databaseUrl(database),
    );
  });

  it('serves a revocation no node was told of from the cache, for TOKEN_CACHE_MAX_AGE_SECONDS at most', async () => {
    const player = await logIn(a, keys);
    expect((await verify(a, keys, player.token)).status).toBe(200);
    await admin(
      `UPDATE sessions SET revoked_at = '${new Date().toISOString()}' WHERE user_id = (SELECT id FROM users WHERE id_user = '${player.idUser}')`,
      databaseUrl(database),
    );
    // Remembered: the cache is on (no query answers for it)…
    expect((await verify(a, keys, player.token)).status).toBe(200);
    // …never longer than its maximum age.
    await new Promise((resolve) => setTimeout(resolve, MAX_AGE_SECONDS * 1000 + 200));
    expect((await verify(a, keys, player.token)).status).toBe(400);
  });
});

describe.runIf(adminUrl)('a node whose Redis goes away', () => {
  const database = `gg_verified_tokens_down_${Date.now().toString(36)}`;
  let redis: ChildProcess | undefined;
  let a: Node;
  let b: Node;
  let keys: Keys;

  beforeAll(async () => {
    const port = await freePort();
    redis = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    await admin(`CREATE DATABASE ${database}`);
    a = await startNode(
      databaseUrl(database),
      `redis://127.0.0.1:${port}`,
      'test:down:',
      'http://portal.test',
    );
    b = await startNode(
      databaseUrl(database),
      `redis://127.0.0.1:${port}`,
      'test:down:',
      'http://portal.test',
    );
    keys = (await (await fetch(`${a.url}/runtime-configuration/current/environment.json`)).json()) as Keys;
  }, 120_000);

  afterAll(async () => {
    redis?.kill('SIGKILL');
    await stopNodes();
    await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  });

  it('stops serving from its cache, so a revocation the other node cannot publish is refused', async () => {
    const player = await logIn(a, keys);
    for (const node of [a, b]) expect((await verify(node, keys, player.token)).status).toBe(200);
    const server = redis;
    if (!server) throw new Error('the throw-away redis-server did not start');
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGKILL');
    await exited;
    await new Promise((resolve) => setTimeout(resolve, 500));
    const out = await fetch(`${a.url}/api/log/user/${encodeURIComponent(player.idUser)}/log-out`, {
      method: 'POST',
      headers: headers(keys, player.token),
      body: '{}',
    });
    expect(out.status).toBe(200);
    expect((await verify(b, keys, player.token)).status).toBe(400);
  });
});
