/**
 * P4 scale of data (issue 23 §1): log-in and token/verify p50 with 1,000 and with 1,000,000 players in
 * PostgreSQL, and their ratio (target ≤ 1.2), with the query plans of the calls' hot queries at the
 * larger size (EXPLAIN ANALYZE). Each size gets its own database on the server of TEST_DATABASE_URL,
 * made by an API node (migrations, demo data), then filled in bulk by one INSERT … SELECT over
 * generate_series per table (players, and one session each), analysed, measured, and dropped.
 * Without TEST_DATABASE_URL the scenario says so and skips.
 *
 *   npm run bench -- data-scale [--seconds=10] [--players=1000000]
 */
import pg from 'pg';
import { appendResult, markdownTable } from './results.ts';
import { startApiNode } from './support/nodes.ts';
import { anonymousHeaders, DEMO_PLAYER, nodeKeys, signIn } from './support/api.ts';
import { fixed, measure, option, type LoadResult } from './support/load.ts';

const adminUrl = process.env.TEST_DATABASE_URL ?? '';
if (!adminUrl) {
  console.info('P4 data-scale skipped: it needs PostgreSQL at TEST_DATABASE_URL.');
  process.exit(0);
}
const seconds = option('seconds', 10);
const large = option('players', 1_000_000);
const small = 1000;

/** The URL of database `name` on the server of `adminUrl`. */
function databaseUrl(name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Adds `count` confirmed players (the demo player's hash: any password check costs the same) and a session each. */
async function seedPlayers(url: string, count: number): Promise<number> {
  const started = performance.now();
  await withClient(url, async (client) => {
    const { rows } = await client.query<{ password_hash: string; client_id: string }>(
      `SELECT u.password_hash, s.client_id FROM users u JOIN sessions s ON s.user_id = u.id
       WHERE u.username_normalized = 'demoplayer' LIMIT 1`,
    );
    const [{ password_hash, client_id }] = rows;
    await client.query(
      `INSERT INTO users (id_user, username, username_normalized, email, email_normalized, password_hash,
         firstname, avatar_url, titles, auth_type, steam_check, is_cookie_popup_seen, newsletter_optin,
         email_confirmed_at, created_at, updated_at, locale)
       SELECT md5('bench-player-' || i)::uuid::text, 'Bench' || i, 'bench' || i,
         'bench' || i || '@players.test', 'bench' || i || '@players.test', $1,
         'Bench', '/avatars/default.svg', '', 1, 0, 0, 0, $2, $2, $2, 'en'
       FROM generate_series(1, $3::int) AS i`,
      [password_hash, new Date().toISOString(), count],
    );
    const now = new Date();
    const later = new Date(now.getTime() + 30 * 86_400_000).toISOString();
    await client.query(
      `INSERT INTO sessions (id, user_id, identity_hash, client_id, created_at, expires_at, access_expires_at,
         ip, user_agent, auth_time, last_used_at)
       SELECT md5('bench-session-' || u.id)::uuid::text, u.id, encode(sha256(('bench-identity-' || u.id)::bytea), 'hex'),
         $1, $2, $3, $3, '127.0.0.1', 'bench', $2, $2
       FROM users u WHERE u.username_normalized LIKE 'bench%'`,
      [client_id, now.toISOString(), later],
    );
    // Settled as a store that grew over time would be: statistics, visibility map, dirty pages written.
    await client.query('VACUUM ANALYZE');
    await client.query('CHECKPOINT');
  });
  return (performance.now() - started) / 1000;
}

/** The hot queries of the log-in and token/verify (the store functions named), explained on `url`. */
async function explainHotQueries(url: string, idUser: string): Promise<string> {
  return withClient(url, async (client) => {
    const {
      rows: [demo],
    } = await client.query<{ id: number; session_id: string; identity_hash: string }>(
      `SELECT u.id, s.id AS session_id, s.identity_hash FROM users u JOIN sessions s ON s.user_id = u.id
       WHERE u.id_user = $1 ORDER BY s.created_at DESC LIMIT 1`,
      [idUser],
    );
    const now = new Date().toISOString();
    const queries: [string, string, unknown[]][] = [
      [
        'accounts findUserByLogin (log-in)',
        'SELECT * FROM users WHERE username_normalized = $1 OR email_normalized = $1',
        ['demoplayer'],
      ],
      [
        'session findActiveSessionWithPlayer (token/verify, every user call)',
        `SELECT s.id, s.user_id, s.client_id, s.auth_time, u.id_user, u.banned_at FROM sessions s
         JOIN users u ON u.id = s.user_id WHERE s.id = $1 AND s.revoked_at IS NULL AND s.expires_at > $2`,
        [demo.session_id, now],
      ],
      ['accounts findUserById (token/verify)', 'SELECT * FROM users WHERE id = $1', [demo.id]],
      ['session hasEverHadSession (log-in)', 'SELECT id FROM sessions WHERE user_id = $1 LIMIT 1', [demo.id]],
      [
        'second-factors findTotp, countPasskeys (log-in)',
        `SELECT (SELECT count(*) FROM second_factors WHERE user_id = $1), (SELECT count(*) FROM passkeys WHERE user_id = $1)`,
        [demo.id],
      ],
      [
        'session findSessionByIdentity (GET token/{identity})',
        `SELECT s.id FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.identity_hash = $1
         AND s.revoked_at IS NULL AND s.expires_at > $2 AND s.last_used_at > $3`,
        [demo.identity_hash, now, '2000-01-01'],
      ],
    ];
    const sections: string[] = [];
    for (const [name, sql, params] of queries) {
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN (ANALYZE, COSTS OFF) ${sql}`,
        params,
      );
      sections.push(`${name}:\n\n\`\`\`\n${rows.map((row) => row['QUERY PLAN']).join('\n')}\n\`\`\``);
    }
    return sections.join('\n\n');
  });
}

interface SizeResult {
  players: number;
  seedSeconds: number;
  login: LoadResult;
  verify: LoadResult;
  plans?: string;
}

async function measureSize(players: number, explain: boolean): Promise<SizeResult> {
  const name = `guildgate_bench_p4_${players}`;
  await withClient(adminUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  });
  const url = databaseUrl(name);
  try {
    const node = await startApiNode({ databaseUrl: url });
    try {
      const keys = await nodeKeys(node);
      const player = await signIn(node, keys);
      const seedSeconds = await seedPlayers(url, players - 1);
      const login = (secondsOf: number) =>
        measure({
          url: `${node.url}/api/log/log-in`,
          method: 'POST',
          headers: { ...anonymousHeaders(keys), cookie: player.deviceCookie },
          body: JSON.stringify({ UsernameOrEmail: DEMO_PLAYER.username, Password: DEMO_PLAYER.password }),
          connections: 1,
          seconds: secondsOf,
        });
      const verify = (secondsOf: number) =>
        measure({
          url: `${node.url}/api/token/verify?client_id=${encodeURIComponent(keys.clientId)}&access_token=${encodeURIComponent(player.accessToken)}`,
          headers: anonymousHeaders(keys),
          connections: 2,
          seconds: secondsOf,
        });
      await login(2);
      await verify(2);
      const result: SizeResult = {
        players,
        seedSeconds,
        login: await login(seconds),
        verify: await verify(seconds),
      };
      if (explain) result.plans = await explainHotQueries(url, player.idUser);
      return result;
    } finally {
      await node.stop();
    }
  } finally {
    await withClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  }
}

const smallResult = await measureSize(small, false);
const largeResult = await measureSize(large, true);
const row = (label: string, pick: (each: SizeResult) => LoadResult) => {
  const a = pick(smallResult);
  const b = pick(largeResult);
  // Below autocannon's 1 ms resolution the p50 says nothing: the ratio is then the mean latencies'.
  const ratio = a.p50 >= 1 ? b.p50 / a.p50 : b.mean / a.mean;
  return [
    label,
    a.p50,
    fixed(a.mean),
    fixed(a.rps, 0),
    b.p50,
    fixed(b.mean),
    fixed(b.rps, 0),
    `**${fixed(ratio)}**${a.p50 >= 1 ? '' : ' (means)'}`,
    a.failures + b.failures,
  ];
};
const table = markdownTable(
  [
    'call',
    `p50 ms (${small})`,
    `mean ms (${small})`,
    `req/s (${small})`,
    `p50 ms (${large})`,
    `mean ms (${large})`,
    `req/s (${large})`,
    'p50 ratio',
    'failed',
  ],
  [
    row('POST log/log-in (1 connection)', (each) => each.login),
    row('GET token/verify (2 connections)', (each) => each.verify),
  ],
);
const body = `P4 scale of data: PostgreSQL${process.env.REDIS_URL ? ' + Redis' : ''}, ${small} vs ${large} players (one session each; seeded in ${fixed(largeResult.seedSeconds, 1)} s), ${seconds} s per call. Target p50 ratio ≤ 1.2. autocannon's percentiles have 1 ms resolution: below it the ratio is the mean latencies'; compare req/s too.\n\n${table}\n\nPlans at ${large} players (EXPLAIN ANALYZE, the demo player's values):\n\n${largeResult.plans ?? ''}`;
console.info(body);
appendResult('data-scale', body);
