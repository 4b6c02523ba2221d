/**
 * P3 refresh and profile reads (issue 23 §1): `GET token/refresh` (each connection rotates its own
 * session's refresh token, as a browser tab does), `GET profile/user/{id}` and `GET profile/connects`
 * (the player's own bearer) against the Fastify hello-world route, all started by this run; each
 * measured after a hello-world round at the same concurrency (`--rounds` pairs of `--seconds`).
 *
 *   npm run bench -- reads [--connections=10] [--seconds=10] [--rounds=2]
 */
import type autocannon from 'autocannon';
import { appendResult, markdownTable } from './results.ts';
import { startApiNode, startHelloWorld } from './support/nodes.ts';
import { anonymousHeaders, nodeKeys, signIn, userHeaders, type SignedIn } from './support/api.ts';
import { fixed, measure, median, option, type LoadOptions, type LoadResult } from './support/load.ts';

const connections = option('connections', 10);
const seconds = option('seconds', 10);
const rounds = option('rounds', 2);

const node = await startApiNode({ env: process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {} });
const hello = await startHelloWorld();
try {
  const keys = await nodeKeys(node);
  // One session per connection (each rotates its own refresh token), and one for the reads.
  const sessions: SignedIn[] = [];
  for (let i = 0; i < connections; i += 1) sessions.push(await signIn(node, keys));
  const reader = await signIn(node, keys);
  let nextSession = 0;
  interface Chain {
    access: string;
    refresh: string;
  }
  const refreshRequest: autocannon.Request = {
    method: 'GET',
    setupRequest: (request, context) => {
      const chain = context as Partial<Chain>;
      if (!chain.access || !chain.refresh) {
        const session = sessions[nextSession++ % sessions.length];
        chain.access = session.accessToken;
        chain.refresh = session.refresh;
      }
      const query = new URLSearchParams({
        client_id: keys.clientId,
        access_token: chain.access,
        refresh_token: chain.refresh,
      });
      return { ...request, path: `/api/token/refresh?${query.toString()}` };
    },
    onResponse: (status, body, context) => {
      if (status !== 200) return;
      const answer = JSON.parse(body) as { AccessToken: string; Refresh: string };
      Object.assign(context as Chain, { access: answer.AccessToken, refresh: answer.Refresh });
    },
  };
  const calls: Record<string, (secondsOf: number) => Promise<LoadResult>> = {
    'token/refresh': (secondsOf) =>
      measure({
        url: node.url,
        headers: anonymousHeaders(keys),
        requests: [refreshRequest],
        connections,
        seconds: secondsOf,
      }),
    'profile/user/{id}': (secondsOf) =>
      measure({
        url: `${node.url}/api/profile/user/${encodeURIComponent(reader.idUser)}`,
        headers: userHeaders(keys, reader.accessToken),
        connections,
        seconds: secondsOf,
      }),
    'profile/connects': (secondsOf) =>
      measure({
        url: `${node.url}/api/profile/connects`,
        headers: userHeaders(keys, reader.accessToken),
        connections,
        seconds: secondsOf,
      }),
  };
  const helloWorld = (secondsOf: number) =>
    measure({ url: `${hello.url}/`, connections, seconds: secondsOf } satisfies LoadOptions);
  await helloWorld(2);
  const rows: (string | number)[][] = [];
  for (const [name, run] of Object.entries(calls)) {
    await run(2); // warm-up
    const api: LoadResult[] = [];
    const reference: LoadResult[] = [];
    for (let round = 0; round < rounds; round += 1) {
      reference.push(await helloWorld(seconds));
      api.push(await run(seconds));
    }
    const apiRps = median(api.map((each) => each.rps));
    const helloRps = median(reference.map((each) => each.rps));
    rows.push([
      name,
      fixed(apiRps, 0),
      fixed(helloRps, 0),
      `**${fixed(apiRps / helloRps)}**`,
      median(api.map((each) => each.p50)),
      median(api.map((each) => each.p99)),
      api.reduce((sum, each) => sum + each.failures, 0),
    ]);
  }
  const table = markdownTable(
    ['call', 'req/s', 'hello-world req/s', 'ratio', 'p50 ms', 'p99 ms', 'failed'],
    rows,
  );
  const body = `P3 refresh and profile reads: ${connections} connections, medians of ${rounds} × ${seconds} s, each after a hello-world round, SQLite${process.env.REDIS_URL ? ' + Redis' : ''}.\n\n${table}`;
  console.info(body);
  appendResult('reads', body);
} finally {
  await node.stop();
  await hello.stop();
}
