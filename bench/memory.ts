/**
 * P5 memory (issue 23 §1): the API node's resident set size (RSS) after start (idle, 5 s after its
 * health check answered), after `--load-seconds` of mixed load (token/verify, profile reads and
 * log-ins at once), and after `--rest-seconds` of rest. Target: idle RSS ≤ 150 MB.
 *
 *   npm run bench -- memory [--load-seconds=60] [--rest-seconds=60]
 */
import { appendResult, markdownTable } from './results.ts';
import { startApiNode } from './support/nodes.ts';
import { anonymousHeaders, DEMO_PLAYER, nodeKeys, signIn, userHeaders } from './support/api.ts';
import { megabytes, measure, option } from './support/load.ts';

const loadSeconds = option('load-seconds', 60);
const restSeconds = option('rest-seconds', 60);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const node = await startApiNode();
try {
  await sleep(5000);
  const idle = node.rssBytes();
  const keys = await nodeKeys(node);
  const player = await signIn(node, keys);
  const results = await Promise.all([
    measure({
      url: `${node.url}/api/token/verify?client_id=${encodeURIComponent(keys.clientId)}&access_token=${encodeURIComponent(player.accessToken)}`,
      headers: anonymousHeaders(keys),
      connections: 4,
      seconds: loadSeconds,
    }),
    measure({
      url: `${node.url}/api/profile/user/${encodeURIComponent(player.idUser)}`,
      headers: userHeaders(keys, player.accessToken),
      connections: 4,
      seconds: loadSeconds,
    }),
    measure({
      url: `${node.url}/api/log/log-in`,
      method: 'POST',
      headers: { ...anonymousHeaders(keys), cookie: player.deviceCookie },
      body: JSON.stringify({ UsernameOrEmail: DEMO_PLAYER.username, Password: DEMO_PLAYER.password }),
      connections: 2,
      seconds: loadSeconds,
    }),
  ]);
  const loaded = node.rssBytes();
  await sleep(restSeconds * 1000);
  const rested = node.rssBytes();
  const answered = results.reduce((sum, each) => sum + each.total, 0);
  const failures = results.reduce((sum, each) => sum + each.failures, 0);
  const table = markdownTable(
    ['moment', 'RSS MB'],
    [
      ['idle, 5 s after start', `**${megabytes(idle)}**`],
      [`after ${loadSeconds} s of mixed load (${answered} answers, ${failures} failed)`, megabytes(loaded)],
      [`after ${restSeconds} s of rest`, megabytes(rested)],
    ],
  );
  const body = `P5 memory: one API node (SQLite${process.env.REDIS_URL ? ' + Redis' : ''}), mixed load = token/verify (4 connections) + profile/user/{id} (4) + log-in (2). Target: idle ≤ 150 MB.\n\n${table}`;
  console.info(body);
  appendResult('memory', body);
} finally {
  await node.stop();
}
