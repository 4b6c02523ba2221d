/**
 * `npm run bans -- <command>` (docs/operations.md "Bans"), with the node's configuration (`DATABASE_URL`):
 *
 *   ip ban <address|cidr> [--days N] [--reason TEXT]   refuse an address or range (spec §6)
 *   ip lift <address|cidr>                              lift that ban
 *   player ban <username|email>                         ban a player (their sessions end at once, and
 *                                                       the partner sites get back-channel logout tokens)
 *   player lift <username|email>                        lift a player's ban
 *
 * Exits 0 on success, 1 when there was nothing to act on, 2 on a usage error.
 */
import { parseArgs } from 'node:util';
import { banIp, liftIpBan } from '../modules/bans/index.ts';
import { endProviderSessionsOnSignOutInCommand } from '../modules/oidc/index.ts';
import { setPlayerBanned } from '../modules/session/index.ts';
import { runWithContext } from './command-context.ts';
import { exitWithUsage, runWithStore } from './run-cli.ts';

const USAGE = `usage: npm run bans -- ip ban <address|cidr> [--days N] [--reason TEXT]
       npm run bans -- ip lift <address|cidr>
       npm run bans -- player ban|lift <username|email>`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { days: { type: 'string' }, reason: { type: 'string' } },
});
// Absent when fewer were given (checked below).
const [subject, action, target] = [positionals.at(0), positionals.at(1), positionals.at(2)];
const days = values.days === undefined ? null : Number(values.days);
if (
  !target ||
  positionals.length !== 3 ||
  !['ip', 'player'].includes(subject ?? '') ||
  !['ban', 'lift'].includes(action ?? '') ||
  (days !== null && !(Number.isInteger(days) && days > 0))
)
  exitWithUsage(USAGE);
if (subject === 'ip') {
  await runWithStore(async (store) => {
    if (action === 'ban') {
      try {
        process.stdout.write(
          `banned ${await banIp(store.db, target, { reason: values.reason ?? null, days })}\n`,
        );
        return 0;
      } catch (error) {
        console.error(error instanceof Error ? error.message : String(error));
        return 2;
      }
    }
    const lifted = await liftIpBan(store.db, target);
    process.stdout.write(lifted ? `lifted ${target}\n` : `no ban of ${target}\n`);
    return lifted ? 0 : 1;
  });
} else {
  // A player's ban goes through the services with a node's context: it ends the player's OpenID Provider
  // sessions too, with back-channel log-out (docs/security.md "Log-out propagation").
  await runWithContext(async (ctx) => {
    await endProviderSessionsOnSignOutInCommand(ctx);
    const found = await setPlayerBanned(ctx, target, action === 'ban');
    process.stdout.write(
      found ? `${action === 'ban' ? 'banned' : 'lifted'} player ${target}\n` : `no player ${target}\n`,
    );
    return found ? 0 : 1;
  });
}
