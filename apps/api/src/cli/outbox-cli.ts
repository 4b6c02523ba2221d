/**
 * `npm run outbox -- <command>` (docs/operations.md "Outgoing mail"), with the node's configuration
 * (`DATABASE_URL`):
 *
 *   status         the backlog (pending, age of the oldest pending mail in s, dead) and the dead mails
 *                  (id, kind, masked recipient, attempts, queued at, last error), as JSON
 *   retry [ID]     puts dead mail ID — or every dead mail — back in the queue with fresh attempts; the
 *                  nodes' workers send it at their next poll (OUTBOX_POLL_INTERVAL_MS)
 *
 * Exits 0 on success, 1 when there was nothing to retry, 2 on a usage error.
 */
import { maskEmail } from '@guildgate/contracts';
import { deadMailRows, outboxBacklog, retryDeadMail } from '../modules/outbound-mail/index.ts';
import { exitWithUsage, runWithStore } from './run-cli.ts';

const USAGE = `usage: npm run outbox -- status
       npm run outbox -- retry [ID]`;

const args = process.argv.slice(2);
const [command, target, rest] = [args.at(0), args.at(1), args.slice(2)];
const id = target === undefined ? undefined : Number(target);
if (
  rest.length > 0 ||
  !['status', 'retry'].includes(command ?? '') ||
  (command === 'status' && target !== undefined) ||
  (id !== undefined && !(Number.isSafeInteger(id) && id > 0))
)
  exitWithUsage(USAGE);
await runWithStore(async (store) => {
  if (command === 'status') {
    const dead = await deadMailRows(store.db);
    const report = {
      ...(await outboxBacklog(store.db)),
      deadMail: dead.map((row) => ({
        id: row.id,
        kind: row.kind,
        to: maskEmail(row.recipient),
        attempts: row.attempts,
        queuedAt: row.created_at,
        lastError: row.last_error,
      })),
    };
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return 0;
  }
  const revived = await retryDeadMail(store.db, id);
  process.stdout.write(`${revived} dead mail${revived === 1 ? '' : 's'} queued again\n`);
  return revived > 0 ? 0 : 1;
});
