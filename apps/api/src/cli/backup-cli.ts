/**
 * `npm run backup -- <file>` (docs/operations.md "Backups"): an online, consistent copy of the SQLite
 * store named by `DATABASE_URL` into `file`, through SQLite's online backup API (better-sqlite3's
 * `backup()`), while nodes keep serving (WAL mode: readers and the one writer go on). The copy is then
 * checked with `PRAGMA integrity_check`. PostgreSQL stores are backed up with `pg_dump` or PITR instead:
 * the command says so and exits 2.
 * Exit code 0 when the copy is written and sound, 1 when it is not, 2 on bad usage.
 */
import fs from 'node:fs';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { loadConfig } from '../config/config.ts';
import { exitWithUsage } from './run-cli.ts';

const [target] = process.argv.slice(2);
if (!target) exitWithUsage('usage: npm run backup -- <file>');
const { databaseUrl } = loadConfig();
if (/^postgres(ql)?:\/\//i.test(databaseUrl)) {
  console.error('The store is PostgreSQL: back it up with pg_dump or PITR (docs/operations.md "Backups").');
  process.exit(2);
}
const source = databaseUrl.replace(/^sqlite:(\/\/)?/i, '');
if (source === ':memory:' || !fs.existsSync(source)) {
  console.error(`No SQLite store at ${source}`);
  process.exit(2);
}
const destination = path.resolve(target);
if (fs.existsSync(destination)) {
  console.error(`${destination} exists: give a new file`);
  process.exit(2);
}
const database = new Sqlite(source, { readonly: true, fileMustExist: true });
database.pragma('busy_timeout = 5000');
try {
  const { totalPages } = await database.backup(destination);
  const copy = new Sqlite(destination, { readonly: true });
  const check = copy.pragma('integrity_check', { simple: true });
  copy.close();
  if (check !== 'ok') {
    console.error(`The copy failed its integrity check: ${String(check)}`);
    process.exitCode = 1;
  } else {
    process.stdout.write(`backed up ${source} to ${destination} (${totalPages} pages, integrity ok)\n`);
  }
} finally {
  database.close();
}
