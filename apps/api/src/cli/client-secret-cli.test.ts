/**
 * `npm run client-secrets` (cli/client-secret-cli.ts; docs/partner-api.md): prints a new secret once,
 * keeps only its SHA-256, rotates on a second run, and refuses a bad client id with exit code 2.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Sqlite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const cli = path.resolve(import.meta.dirname, 'client-secret-cli.ts');

describe('the client-secrets command', () => {
  it('creates the client with a secret kept as its SHA-256, rotates it, and refuses bad ids', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guildgate-client-secrets-'));
    const file = path.join(dir, 'store.sqlite');
    const env = { ...process.env, DATABASE_URL: `sqlite:${file}`, LOG_LEVEL: 'silent' };
    const issue = async (...args: string[]) => {
      const { stdout } = await run(process.execPath, [cli, ...args], { env });
      const secret = /^client_secret: (\S+)$/m.exec(stdout)?.[1];
      expect(stdout).toMatch(/^client_id: {5}forum-example$/m);
      return secret ?? '';
    };
    const stored = () => {
      const db = new Sqlite(file, { readonly: true });
      try {
        return db
          .prepare('SELECT name, client_secret_hash FROM oauth_clients WHERE client_id = ?')
          .get('forum-example') as { name: string; client_secret_hash: string };
      } finally {
        db.close();
      }
    };
    const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
    try {
      const first = await issue('forum-example', 'Forum of example.com');
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(stored().name).toBe('Forum of example.com');
      expect(stored().client_secret_hash).toBe(sha256(first));
      const second = await issue('forum-example');
      expect(second).not.toBe(first);
      expect(stored()).toEqual({ name: 'Forum of example.com', client_secret_hash: sha256(second) });
      await expect(run(process.execPath, [cli], { env })).rejects.toMatchObject({ code: 2 });
      await expect(run(process.execPath, [cli, 'bad id'], { env })).rejects.toMatchObject({ code: 2 });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
