/**
 * P6 registration (issue 23 §1): `POST register/new-user` answers per second (each a new player, its
 * verification e-mail queued in the outbox, never sent inside the request) against raw
 * `@node-rs/argon2` hashes per second at the API's parameters and the same concurrency, interleaved
 * (`--rounds` pairs of `--seconds`). Target ratio ≥ 0.8.
 *
 *   npm run bench -- registration [--connections=4] [--seconds=10] [--rounds=3]
 *
 * Each registration spends one register form token (GET register/form-token), fetched before its round.
 */
import { appendResult, markdownTable } from './results.ts';
import { startApiNode } from './support/nodes.ts';
import { anonymousHeaders, nodeKeys, type NodeKeys } from './support/api.ts';
import { interleavedRows, measure, option, type LoadResult } from './support/load.ts';
import { rawArgon2PerSecond } from './support/argon2.ts';
import type { BenchNode } from './support/nodes.ts';

const connections = option('connections', 4);
const seconds = option('seconds', 10);
const rounds = option('rounds', 3);

/** `count` register form tokens, fetched `connections` at a time. */
async function formTokens(node: BenchNode, keys: NodeKeys, count: number): Promise<string[]> {
  const tokens: string[] = [];
  while (tokens.length < count) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(20, count - tokens.length) }, async () => {
        const res = await fetch(`${node.url}/api/register/form-token`, { headers: anonymousHeaders(keys) });
        if (!res.ok) throw new Error(`form token: ${res.status} ${await res.text()}`);
        return ((await res.json()) as { FormToken: string }).FormToken;
      }),
    );
    tokens.push(...batch);
  }
  return tokens;
}

const node = await startApiNode();
try {
  const keys = await nodeKeys(node);
  const run = Date.now().toString(36).slice(-5);
  let serial = 0;
  const load = async (secondsOf: number, expectedRate: number): Promise<LoadResult> => {
    const tokens = await formTokens(node, keys, Math.ceil(expectedRate * secondsOf * 2) + 20);
    let next = 0;
    return measure({
      url: `${node.url}/api/register/new-user`,
      method: 'POST',
      headers: anonymousHeaders(keys),
      expectStatus: 201,
      bodyOf: () => {
        serial += 1;
        const name = `B${run}x${serial.toString(36)}`;
        const email = `${name.toLowerCase()}@bench.test`;
        return JSON.stringify({
          Username: name,
          Firstname: 'Ada',
          Password: 'Bench-Pass-2024',
          ConfirmPassword: 'Bench-Pass-2024',
          Email: email,
          ConfirmEmail: email,
          ApprovePrivacyPolicy: true,
          ApproveEULA: true,
          TimeOnPageMs: 20_000,
          FormToken: tokens[next++ % tokens.length],
        });
      },
      connections,
      seconds: secondsOf,
    });
  };
  const warmRaw = rawArgon2PerSecond('hash', connections, 2);
  await load(3, warmRaw);
  const api: LoadResult[] = [];
  const raw: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    api.push(await load(seconds, warmRaw));
    raw.push(rawArgon2PerSecond('hash', connections, seconds));
  }
  const table = markdownTable(
    ['measure', 'registrations/s', 'raw argon2 hash/s', 'ratio', 'p50 ms', 'p99 ms', 'failed'],
    interleavedRows(api, raw),
  );
  const body = `P6 registration: ${connections} connections, ${rounds} × ${seconds} s interleaved (A B A B), SQLite${process.env.REDIS_URL ? ' + Redis' : ''}. Target ratio ≥ 0.8.\n\n${table}`;
  console.info(body);
  appendResult('registration', body);
} finally {
  await node.stop();
}
