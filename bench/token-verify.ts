/**
 * P2 token/verify (issue 23 §1): `GET token/verify` of the portal's client (a partner site's server
 * checking a player's token, spec §7) against the Fastify hello-world route (bench/hello-world.ts),
 * both started by this run and measured interleaved at the same concurrency (`--rounds` pairs of
 * `--seconds`); then token/verify's latency at half of its measured maximum rate. Targets: ratio
 * ≥ 0.5, p99 ≤ 5 ms at half load.
 *
 *   npm run bench -- token-verify [--connections=10] [--seconds=10] [--rounds=3]
 */
import { appendResult, markdownTable } from './results.ts';
import { startApiNode, startHelloWorld } from './support/nodes.ts';
import { anonymousHeaders, nodeKeys, signIn } from './support/api.ts';
import { fixed, measure, median, option, type LoadResult } from './support/load.ts';

const connections = option('connections', 10);
const seconds = option('seconds', 10);
const rounds = option('rounds', 3);

const node = await startApiNode();
const hello = await startHelloWorld();
try {
  const keys = await nodeKeys(node);
  const player = await signIn(node, keys);
  const verifyUrl = `${node.url}/api/token/verify?client_id=${encodeURIComponent(keys.clientId)}&access_token=${encodeURIComponent(player.accessToken)}`;
  const verify = (secondsOf: number, overallRate?: number) =>
    measure({
      url: verifyUrl,
      headers: anonymousHeaders(keys),
      connections,
      seconds: secondsOf,
      overallRate,
    });
  const helloWorld = (secondsOf: number) =>
    measure({ url: `${hello.url}/`, connections, seconds: secondsOf });
  await verify(3);
  await helloWorld(3);
  const api: LoadResult[] = [];
  const reference: LoadResult[] = [];
  for (let round = 0; round < rounds; round += 1) {
    reference.push(await helloWorld(seconds));
    api.push(await verify(seconds));
  }
  const apiRps = median(api.map((each) => each.rps));
  const helloRps = median(reference.map((each) => each.rps));
  const half = await verify(seconds, Math.max(1, Math.round(apiRps / 2)));
  const table = markdownTable(
    [
      'measure',
      'token/verify req/s',
      'hello-world req/s',
      'ratio',
      'verify p50 ms',
      'verify p99 ms',
      'hello p99 ms',
      'failed',
    ],
    [
      ...api.map((each, i) => [
        `round ${i + 1}`,
        fixed(each.rps, 0),
        fixed(reference[i].rps, 0),
        fixed(each.rps / reference[i].rps),
        each.p50,
        each.p99,
        reference[i].p99,
        each.failures + reference[i].failures,
      ]),
      [
        '**median**',
        fixed(apiRps, 0),
        fixed(helloRps, 0),
        `**${fixed(apiRps / helloRps)}**`,
        median(api.map((each) => each.p50)),
        median(api.map((each) => each.p99)),
        median(reference.map((each) => each.p99)),
        '',
      ],
      [
        `half load (${fixed(apiRps / 2, 0)} req/s)`,
        fixed(half.rps, 0),
        '',
        '',
        half.p50,
        `**${half.p99}**`,
        '',
        half.failures,
      ],
    ],
  );
  const body = `P2 token/verify: ${connections} connections, ${rounds} × ${seconds} s interleaved, SQLite${process.env.REDIS_URL ? ' + Redis' : ''}. Targets: ratio ≥ 0.5, p99 ≤ 5 ms at half load.\n\n${table}`;
  console.info(body);
  appendResult('token-verify', body);
} finally {
  await node.stop();
  await hello.stop();
}
