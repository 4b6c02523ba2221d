/**
 * `npm run signing-keys -- <command>` (docs/operations.md "Keys"; issue 21): the token signing keys of
 * the store, with the node's configuration (`DATABASE_URL`, `KEY_ENCRYPTION_KEYS`; docs/configuration.md).
 * - `list` prints every key — kid, algorithm, created, activates, retires, state (`announced`,
 *   `signing`, `verifying`, `retired`) — one per line, tab-separated; never a private part.
 * - `rotate [--announce-hours N] [--keep-hours N]` rotates the OpenID Provider's RS256 key (OIDC Core
 *   §10.1.1): the new key is published by every node within OIDC_KEY_CHECK_SECONDS, signs after N hours
 *   of announce (default 24: clients refresh their cached JWKS), and the previous keys stay published N
 *   hours of keep after that (default 24; at least the ID tokens' 1 hour). Nodes keep running.
 * The access tokens' EdDSA key is not rotated here (the spec's calls verify with that one key).
 * Exit code 0 on success, 1 when a key cannot be opened with the configured keys, 2 on bad usage.
 */
import { parseArgs } from 'node:util';
import { keyRing, SealedSecretError } from '../lib/envelope-encryption.ts';
import { describeSigningKeys, rotateIdTokenSigningKey } from '../modules/session/index.ts';
import { exitWithUsage, runWithStore } from './run-cli.ts';

const USAGE = 'usage: npm run signing-keys -- list | rotate [--announce-hours N] [--keep-hours N]';
const HOUR_SECONDS = 3600;

const [command, ...rest] = process.argv.slice(2);
if (command !== 'list' && command !== 'rotate') exitWithUsage(USAGE);

/** A non-negative number of hours from an option, or `fallback` when absent. */
function hours(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || !Number.isFinite(parsed))
    exitWithUsage(`${name}: a number of hours`, USAGE);
  return parsed;
}

let announceHours = 24;
let keepHours = 24;
try {
  const { values } = parseArgs({
    args: rest,
    options: { 'announce-hours': { type: 'string' }, 'keep-hours': { type: 'string' } },
    strict: true,
  });
  if (command === 'list' && rest.length > 0) exitWithUsage(USAGE);
  announceHours = hours(values['announce-hours'], '--announce-hours', announceHours);
  keepHours = hours(values['keep-hours'], '--keep-hours', keepHours);
} catch {
  exitWithUsage(USAGE);
}

await runWithStore(async (store, config) => {
  const keys = keyRing(config.keyEncryptionKeys);
  try {
    if (command === 'rotate') {
      if (announceHours * HOUR_SECONDS < config.oidcKeyCheckSeconds)
        console.error(
          `Warning: the announce period is shorter than OIDC_KEY_CHECK_SECONDS (${config.oidcKeyCheckSeconds} s): some nodes may sign with the new key before publishing it.`,
        );
      const rotation = await rotateIdTokenSigningKey(store.db, keys, {
        announceSeconds: Math.round(announceHours * HOUR_SECONDS),
        keepSeconds: Math.round(keepHours * HOUR_SECONDS),
      });
      process.stdout.write(
        `new RS256 key ${rotation.kid}: signs from ${rotation.activatesAt}; the previous keys leave the JWKS at ${rotation.previousRetireAt}\n`,
      );
    }
    for (const key of await describeSigningKeys(store.db, keys)) {
      const line = [key.kid, key.alg, key.createdAt, key.activatesAt ?? '-', key.retiresAt ?? '-', key.state];
      process.stdout.write(`${line.join('\t')}\n`);
    }
    return undefined;
  } catch (error) {
    if (!(error instanceof SealedSecretError)) throw error;
    console.error(`Cannot open a stored secret: ${error.message}`);
    return 1;
  }
});
