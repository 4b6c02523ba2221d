/**
 * A SQLite data folder that cannot be used stops the node at start with a clear message naming the
 * path and the cause (issue 18; docs/operations.md "Dependency failures"), not a bare stack trace: a
 * path under a regular file (ENOTDIR), a folder the node's user cannot write (EACCES), and a store file
 * it can only read (SQLITE_READONLY). Real files and folders; the node runs as a child process —
 * as the unprivileged `nobody` user when the tests run as root, which ignores file permissions.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runApiNodeUntilExit } from '../test/throwaway-services.ts';
import { openStore, StoreOpenError } from './database.ts';

const isRoot = process.getuid?.() === 0;

/** The user the node runs as: `nobody` when we are root (so that permissions apply), else ourselves. */
const runAs = isRoot
  ? {
      uid: Number(execFileSync('id', ['-u', 'nobody']).toString().trim()),
      gid: Number(execFileSync('id', ['-g', 'nobody']).toString().trim()),
    }
  : {};

describe('a data folder that cannot be used', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guildgate-datafolder-'));
    // The node (maybe `nobody`) may enter the temporary folder; what lies below decides.
    fs.chmodSync(dir, 0o755);
  });
  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('under a regular file: refused with the folder and ENOTDIR, in-process and at start', async () => {
    const file = path.join(dir, 'a-file');
    fs.writeFileSync(file, 'not a folder');
    const folder = path.join(file, 'data');
    const url = `sqlite:${path.join(folder, 'store.sqlite')}`;
    expect(() => openStore(url)).toThrow(StoreOpenError);
    expect(() => openStore(url)).toThrow(folder);
    expect(() => openStore(url)).toThrow(/ENOTDIR/);

    const exit = await runApiNodeUntilExit({ DATABASE_URL: url, LOG_LEVEL: 'silent' });
    expect(exit.code, exit.output).not.toBe(0);
    expect(exit.output).toContain(folder);
    expect(exit.output).toMatch(/ENOTDIR: a part of the path is a file, not a folder/);
  });

  it('a folder the node cannot write: refused at start with the folder and EACCES', async () => {
    const folder = path.join(dir, 'locked');
    fs.mkdirSync(folder);
    // Root-owned and not writable by others (as root, for `nobody`), or not writable at all.
    fs.chmodSync(folder, isRoot ? 0o755 : 0o555);
    const exit = await runApiNodeUntilExit(
      { DATABASE_URL: `sqlite:${path.join(folder, 'store.sqlite')}`, LOG_LEVEL: 'silent' },
      runAs,
    );
    expect(exit.code, exit.output).not.toBe(0);
    expect(exit.output).toContain(folder);
    expect(exit.output).toMatch(/EACCES: permission denied/);
  });

  it('a store file the node can only read: refused at start with the file and SQLITE_READONLY', async () => {
    const folder = path.join(dir, 'open-folder');
    fs.mkdirSync(folder);
    fs.chmodSync(folder, 0o777);
    const file = path.join(folder, 'store.sqlite');
    fs.writeFileSync(file, '');
    fs.chmodSync(file, 0o444);
    const exit = await runApiNodeUntilExit({ DATABASE_URL: `sqlite:${file}`, LOG_LEVEL: 'silent' }, runAs);
    expect(exit.code, exit.output).not.toBe(0);
    expect(exit.output).toContain(file);
    expect(exit.output).toMatch(/SQLITE_READONLY/);
  });
});
