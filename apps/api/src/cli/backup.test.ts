/**
 * `npm run backup` (cli/backup-cli.ts; docs/operations.md "Backups"): an online copy of a SQLite store
 * while a node writes to it, sound and complete up to the moment it was taken, restorable by putting the
 * file in place.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../test/harness.ts';
import { createPlayer } from '../test/helpers.ts';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'guildgate-backup-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));
const cli = path.resolve(import.meta.dirname, 'backup-cli.ts');

/** Runs the backup command with `DATABASE_URL`; resolves with its exit code and output. */
function backup(databaseUrl: string, target: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, target], {
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: databaseUrl },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('npm run backup', () => {
  it('copies a live SQLite store while the node keeps writing, and the copy opens as a store', async () => {
    const t = await startTestApp('sqlite');
    try {
      const databaseUrl = t.config.databaseUrl;
      await createPlayer(t, 'BackedUp1');
      const target = path.join(folder, 'copy.sqlite');
      // The node registers players while the copy is taken.
      const writing = (async () => {
        for (let n = 0; n < 5; n++) await createPlayer(t, `DuringBackup${n}`);
      })();
      const result = await backup(databaseUrl, target);
      await writing;
      expect([result.code, result.output]).toEqual([0, expect.stringContaining('integrity ok')]);
      const copy = new Sqlite(target, { readonly: true });
      const names = copy.prepare('select username from users').all() as { username: string }[];
      copy.close();
      expect(names.map((row) => row.username)).toContain('BackedUp1');

      expect((await backup(databaseUrl, target)).code).toBe(2); // never overwrites
    } finally {
      await t.close();
    }
  });

  it('sends PostgreSQL stores to pg_dump', async () => {
    const result = await backup('postgres://postgres@127.0.0.1:5432/test', path.join(folder, 'pg.sqlite'));
    expect([result.code, result.output]).toEqual([2, expect.stringContaining('pg_dump')]);
  });
});
