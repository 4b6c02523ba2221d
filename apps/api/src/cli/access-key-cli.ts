/**
 * `npm run access-keys -- [count] [--expires-days N] [--note TEXT]` (docs/operations.md "Access keys"):
 * creates `count` (default 1, at most 1000) single-use registration keys and prints one per line. They
 * are shown only now: the store keeps their SHA-256. Uses the node's configuration (`DATABASE_URL`,
 * docs/configuration.md) and applies pending migrations.
 */
import { parseArgs } from 'node:util';
import { createAccessKeys } from '../modules/access-key/service.ts';
import { exitWithUsage, runWithStore } from './run-cli.ts';

const USAGE = 'usage: npm run access-keys -- [count 1-1000] [--expires-days N] [--note TEXT]';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'expires-days': { type: 'string' }, note: { type: 'string' } },
});
const count = Number(positionals[0] ?? '1');
const expiresInDays = values['expires-days'] === undefined ? null : Number(values['expires-days']);
if (!Number.isInteger(count) || count < 1 || count > 1000 || (expiresInDays !== null && !(expiresInDays > 0)))
  exitWithUsage(USAGE);
await runWithStore(async (store) => {
  const keys = await createAccessKeys(store.db, count, { note: values.note ?? null, expiresInDays });
  process.stdout.write(`${keys.join('\n')}\n`);
  console.error(`${count} access key(s) created. Hand them out now: only their SHA-256 is kept.`);
  return undefined;
});
