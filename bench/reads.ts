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

const node = await startApiNode();
const hello = await startHelloWorld();
try {
  const keys = await nodeKeys(node);
  // One session per connection, each rotating its own refresh token; fresh ones for every round (a round
  // ends with refreshes in flight, whose successors it never sees).
  let sessions: SignedIn[] = [];
  const freshSessions = async () => {
    sessions = [];
    for (let i = 0; i < connections; i += 1) sessions.push(await signIn(node, keys));
  };
  const reader = await signIn(node, keys);
  let nextSession = 0;
  /** A connection's session, taken from the pool; its rotated tokens are written back for later rounds. */
  interface Chain {
    session?: SignedIn;
  }
  const refreshRequest: autocannon.Request = {
    method: 'GET',
    setupRequest: (request, context) => {
      const chain = context as Chain;
      chain.session ??= sessions[nextSession++ % sessions.length];
      const query = new URLSearchParams({
        client_id: keys.clientId,
        access_token: chain.session.accessToken,
        refresh_token: chain.session.refresh,
      });
      return { ...request, path: `/api/token/refresh?${query.toString()}` };
    },
    onResponse: (status, body, context) => {
      const { session } = context as Chain;
      if (status !== 200 || !session) return;
      const answer = JSON.parse(body) as { AccessToken: string; Refresh: string };
      session.accessToken = answer.AccessToken;
      session.refresh = answer.Refresh;
    },
  };
  const calls: Record<string, (secondsOf: number) => Promise<LoadResult>> = {
    'token/refresh': async (secondsOf) => {
      await freshSessions();
      return measure({
        url: node.url,
        headers: anonymousHeaders(keys),
        requests: [refreshRequest],
        connections,
        seconds: secondsOf,
      });
    },
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
