/**
 * `npm run client-secrets -- <client_id> [name]` (docs/partner-api.md): gives the
 * OAuth client `client_id` a new random secret for the partner server-to-server calls — creating
 * the client (named `name`) when it does not exist — and prints it once. The store keeps only its
 * SHA-256; running it again rotates the secret (the old one stops working at once). Uses the
 * node's configuration (`DATABASE_URL`, docs/configuration.md) and applies pending migrations.
 */
import { issueClientSecret } from '../modules/oauth-clients/index.ts';
import { exitWithUsage, runWithStore } from './run-cli.ts';

/** Client ids this tool accepts: unreserved URL characters, so Basic credentials need no encoding. */
const CLIENT_ID = /^[A-Za-z0-9._~-]{1,128}$/;

const [clientId, name] = process.argv.slice(2);
if (!clientId || !CLIENT_ID.test(clientId))
  exitWithUsage(
    'usage: npm run client-secrets -- <client_id> [name]',
    'client_id: 1 to 128 of A-Z a-z 0-9 . _ ~ -',
  );
await runWithStore(async (store) => {
  const secret = await issueClientSecret(store.db, clientId, name);
  process.stdout.write(`client_id:     ${clientId}\nclient_secret: ${secret}\n`);
  console.error('Store the secret now: only its SHA-256 is kept.');
  return undefined;
});
