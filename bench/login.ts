/**
 * P1 log-in (issue 23 §1): `POST log/log-in` answers per second against the raw `@node-rs/argon2`
 * verifications per second at the API's parameters and the same concurrency, measured interleaved in
 * one run (A B A B …, `--rounds` pairs of `--seconds` each) so that the machine's drift touches both
 * alike; the ratio of the medians, and the log-in's p50/p99. A password log-in can never beat the hash
 * it must compute: the ratio says how nearly free everything around the hash is.
 *
 *   npm run bench -- login [--connections=4] [--seconds=10] [--rounds=3]
 *
 * The demo player logs in from a known device (the device cookie of a first log-in), as a returning
 * player does: no new-device alert is queued.
 */
import { markdownTable, appendResult } from './results.ts';
import { startApiNode } from './support/nodes.ts';
import { anonymousHeaders, DEMO_PLAYER, nodeKeys, signIn } from './support/api.ts';
import { interleavedRows, measure, option, type LoadResult } from './support/load.ts';
import { rawArgon2PerSecond } from './support/argon2.ts';

const connections = option('connections', 4);
const seconds = option('seconds', 10);
const rounds = option('rounds', 3);

const node = await startApiNode();
try {
  const keys = await nodeKeys(node);
  const first = await signIn(node, keys);
  const load = (secondsOf: number) =>
    measure({
      url: `${node.url}/api/log/log-in`,
      method: 'POST',
      headers: { ...anonymousHeaders(keys), cookie: first.deviceCookie },
      body: JSON.stringify({ UsernameOrEmail: DEMO_PLAYER.username, Password: DEMO_PLAYER.password }),
      connections,
      seconds: secondsOf,
    });
  await load(3); // warm-up
  rawArgon2PerSecond('verify', connections, 2); // warm-up
  const api: LoadResult[] = [];
  const raw: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    api.push(await load(seconds));
    raw.push(rawArgon2PerSecond('verify', connections, seconds));
  }
  const table = markdownTable(
    ['measure', 'log-in req/s', 'raw argon2 verify/s', 'ratio', 'log-in p50 ms', 'log-in p99 ms', 'failed'],
    interleavedRows(api, raw),
  );
  const body = `P1 log-in: ${connections} connections, ${rounds} × ${seconds} s interleaved (A B A B), SQLite${process.env.REDIS_URL ? ' + Redis' : ''}. Target ratio ≥ 0.85.\n\n${table}`;
  console.info(body);
  appendResult('login', body);
} finally {
  await node.stop();
}
