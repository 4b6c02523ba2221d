/**
 * `npm run keys -- <command>` (docs/operations.md "Keys"): the key-encryption keys that seal the secrets
 * at rest (lib/envelope-encryption.ts), with the node's configuration (`DATABASE_URL`,
 * `KEY_ENCRYPTION_KEYS`; docs/configuration.md).
 * - `generate [id]` prints a new key-encryption key as an `id:key` entry for KEY_ENCRYPTION_KEYS
 *   (id defaults to the year and month); nothing is stored.
 * - `status` prints which key-encryption key wraps each stored secret (signing keys, authenticator-app
 *   secrets).
 * - `rewrap` re-wraps every stored secret under the first key of KEY_ENCRYPTION_KEYS (step 3 of a
 *   rotation; nodes keep running).
 * Exit code 0 on success, 1 when a secret cannot be opened with the configured keys, 2 on bad usage.
 */
import { randomBytes } from 'node:crypto';
import { keyRing, SealedSecretError } from '../lib/envelope-encryption.ts';
import { rewrapSigningKeys, signingKeysByKek } from '../modules/session/signing-keys.ts';
import { rewrapTotpSecrets, totpSecretsByKek } from '../modules/second-factors/index.ts';
import { exitWithUsage, runWithStore } from './run-cli.ts';

const args = process.argv.slice(2);
const [command, argument] = [args.at(0), args.at(1)];
const USAGE = 'usage: npm run keys -- generate [id] | status | rewrap';

if (command === 'generate') {
  const id = argument ?? new Date().toISOString().slice(0, 7);
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(id)) exitWithUsage('the id is 1 to 64 of A-Z a-z 0-9 . _ -');
  process.stdout.write(`${id}:${randomBytes(32).toString('base64url')}\n`);
  console.error('Put it first in KEY_ENCRYPTION_KEYS, keep the old keys after it until `rewrap` has run.');
  process.exit(0);
}
if (command !== 'status' && command !== 'rewrap') exitWithUsage(USAGE);

await runWithStore(async (store, config) => {
  const keys = keyRing(config.keyEncryptionKeys);
  try {
    if (command === 'rewrap') {
      const count = await rewrapSigningKeys(store.db, keys);
      process.stdout.write(`signing keys re-wrapped under "${keys.currentId}": ${count}\n`);
      const totp = await rewrapTotpSecrets(store.db, keys);
      process.stdout.write(`authenticator-app secrets re-wrapped under "${keys.currentId}": ${totp}\n`);
    }
    const counts = await signingKeysByKek(store.db, keys);
    process.stdout.write(`signing keys by key-encryption key: ${JSON.stringify(counts)}\n`);
    const totpCounts = await totpSecretsByKek(store.db, keys);
    process.stdout.write(`authenticator-app secrets by key-encryption key: ${JSON.stringify(totpCounts)}\n`);
    return undefined;
  } catch (error) {
    if (!(error instanceof SealedSecretError)) throw error;
    console.error(`Cannot open a stored secret: ${error.message}`);
    return 1;
  }
});
