/**
 * `npm run clients` (cli/clients-cli.ts; docs/operations.md "Clients") as the operator runs it, a real
 * process on a SQLite file: register (confidential, secret printed once and kept as its SHA-256; public,
 * no secret), list, update, rotate-secret, remove, each audited; bad usage exits 2 with the reason and
 * writes nothing, an unknown client exits 1. The registry itself runs on PostgreSQL too in
 * modules/oauth-clients/client-registry.test.ts.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../test/node-process.ts';

const cli = path.resolve(import.meta.dirname, 'clients-cli.ts');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('the clients command', () => {
  let dir: string;
  let file: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guildgate-clients-'));
    file = path.join(dir, 'store.sqlite');
    env = {
      ...process.env,
      DATABASE_URL: `sqlite:${file}`,
      LOG_LEVEL: 'silent',
      REDIRECT_PATTERNS: 'https://forum.example/',
    };
  });
  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Runs the command; its output and exit code (0 when it succeeded). */
  const clients = (...args: string[]) => runCommand(cli, args, env);

  /** The stored rows of `sql` (read-only). */
  function rows<T>(sql: string, ...params: unknown[]): T[] {
    const db = new Sqlite(file, { readonly: true });
    try {
      return db.prepare(sql).all(...params) as T[];
    } finally {
      db.close();
    }
  }

  /** The stored client `clientId`. */
  const stored = (clientId: string): Record<string, string | number | null> | undefined =>
    rows<Record<string, string | number | null>>(
      'SELECT * FROM oauth_clients WHERE client_id = ?',
      clientId,
    ).at(0);

  it('registers a confidential client: the secret printed once, only its SHA-256 kept, audited', async () => {
    const result = await clients(
      'register',
      'forum',
      '--name',
      'Forum of example',
      '--redirect-uri',
      'https://forum.example/callback',
      '--post-logout-uri',
      'https://forum.example/bye',
      '--backchannel-logout-uri',
      'https://forum.example/backchannel',
      '--auth-method',
      'client_secret_post',
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^client_id: {5}forum$/m);
    const secret = /^client_secret: (\S+)$/m.exec(result.stdout)?.[1] ?? '';
    expect(secret.length).toBeGreaterThanOrEqual(43);
    expect(result.stderr).not.toContain('Warning');
    expect(stored('forum')).toMatchObject({
      name: 'Forum of example',
      redirect_uris: JSON.stringify(['https://forum.example/callback']),
      post_logout_redirect_uris: JSON.stringify(['https://forum.example/bye']),
      backchannel_logout_uri: 'https://forum.example/backchannel',
      first_party: 1,
      token_endpoint_auth_method: 'client_secret_post',
      grant_types: JSON.stringify(['authorization_code', 'refresh_token']),
      client_secret_hash: sha256(secret),
    });
    expect(JSON.stringify(rows('SELECT * FROM audit_events'))).not.toContain(secret);
    expect(rows<{ type: string }>("SELECT type FROM audit_events WHERE type LIKE 'client.%'")).toEqual([
      { type: 'client.registered' },
    ]);
  });

  it('registers a public third-party client without a secret, warning about a URI off the allow-list', async () => {
    const result = await clients(
      'register',
      'browser-app',
      '--name',
      'Browser app',
      '--redirect-uri',
      'https://app.example/callback',
      '--public',
      '--third-party',
      '--no-refresh-tokens',
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).not.toContain('client_secret');
    expect(result.stderr).toContain('https://app.example/callback is not on the redirect allow-list');
    expect(stored('browser-app')).toMatchObject({
      first_party: 0,
      token_endpoint_auth_method: 'none',
      grant_types: JSON.stringify(['authorization_code']),
      client_secret_hash: null,
    });
  });

  it('lists every client, one tab-separated line each', async () => {
    const { code, stdout } = await clients('list');
    expect(code).toBe(0);
    const lines = stdout
      .trim()
      .split('\n')
      .map((line) => line.split('\t'));
    expect(lines.map((line) => line.slice(0, 5))).toEqual([
      ['browser-app', 'Browser app', 'none', 'third-party', 'authorization_code'],
      ['forum', 'Forum of example', 'client_secret_post', 'first-party', 'authorization_code refresh_token'],
    ]);
    expect(lines[1]?.slice(5, 8)).toEqual([
      'https://forum.example/callback',
      'https://forum.example/bye',
      'https://forum.example/backchannel',
    ]);
  });

  it('updates what it is given, rotates a secret and removes a client', async () => {
    const updated = await clients(
      'update',
      'forum',
      '--name',
      'The forum',
      '--clear-backchannel-logout-uri',
      '--third-party',
      '--redirect-uri',
      'https://forum.example/a',
      '--redirect-uri',
      'https://forum.example/b',
    );
    expect(updated.code, updated.stderr).toBe(0);
    const before = stored('forum');
    expect(before).toMatchObject({
      name: 'The forum',
      backchannel_logout_uri: null,
      first_party: 0,
      redirect_uris: JSON.stringify(['https://forum.example/a', 'https://forum.example/b']),
      post_logout_redirect_uris: JSON.stringify(['https://forum.example/bye']),
      token_endpoint_auth_method: 'client_secret_post',
    });

    const rotated = await clients('rotate-secret', 'forum');
    expect(rotated.code, rotated.stderr).toBe(0);
    const secret = /^client_secret: (\S+)$/m.exec(rotated.stdout)?.[1] ?? '';
    expect(stored('forum')?.client_secret_hash).toBe(sha256(secret));
    expect(stored('forum')?.client_secret_hash).not.toBe(before?.client_secret_hash);

    expect((await clients('remove', 'browser-app')).code).toBe(0);
    expect(stored('browser-app')).toBeUndefined();
    expect(
      rows<{ type: string }>("SELECT type FROM audit_events WHERE type LIKE 'client.%' ORDER BY id").map(
        (row) => row.type,
      ),
    ).toEqual([
      'client.registered',
      'client.registered',
      'client.updated',
      'client.secret_rotated',
      'client.removed',
    ]);
  });

  it('exits 1 for an unknown client and 2, with the reason, on bad usage — writing nothing', async () => {
    const audited = rows('SELECT id FROM audit_events').length;
    for (const args of [
      ['rotate-secret', 'nobody'],
      ['remove', 'nobody'],
      ['update', 'nobody', '--name', 'x'],
    ]) {
      const result = await clients(...args);
      expect(result.code, args.join(' ')).toBe(1);
      expect(result.stderr).toContain('no client nobody');
    }
    const bad: Array<[string[], string]> = [
      [['unregister', 'forum'], 'unknown command "unregister"'],
      [['register', 'x', '--redirect-uri', 'https://forum.example/x'], 'register needs --name'],
      [['register', 'x', '--name', 'X'], '--redirect-uri: at least 1 needed'],
      [
        ['register', 'bad id', '--name', 'X', '--redirect-uri', 'https://forum.example/x'],
        'client_id "bad id"',
      ],
      [['register', 'x', '--name', 'X', '--redirect-uri', 'https://forum.example/x#top'], 'fragment'],
      [
        ['register', 'forum', '--name', 'X', '--redirect-uri', 'https://forum.example/x'],
        'already registered',
      ],
      [
        [
          'register',
          'x',
          '--name',
          'X',
          '--redirect-uri',
          'https://forum.example/x',
          '--public',
          '--auth-method',
          'client_secret_post',
        ],
        'exclude each other',
      ],
      [['list', '--public'], '--public does not apply to list'],
      [['update', 'forum'], 'nothing to change'],
      [['remove', 'guildgate-portal'], 'is the portal itself'],
    ];
    for (const [args, reason] of bad) {
      const result = await clients(...args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toContain(reason);
    }
    expect(rows('SELECT id FROM audit_events')).toHaveLength(audited);
    expect(stored('x')).toBeUndefined();
  }, 180_000);
});
