/**
 * The transactional outbox of e-mails (DESIGN.md §3 outgoing mail; issue 18; docs/architecture.md
 * "Outgoing mail"; table `mail_outbox`, migration 0014). Every e-mail — register verification, e-mail
 * confirmation resends, e-mail change (confirm, notice, recovery), password recovery, newsletter
 * confirmation, security alerts — is written here through the transaction of the change that causes it, so a
 * committed change always has its mail and a rolled-back one never does; each node's worker
 * (outbox-worker.ts) delivers the rows over SMTP with retries. Requests never wait for SMTP.
 *
 * What a row holds: the action mail's input (`ActionMailInput`: brand, subject, lines, the link), not
 * the rendered HTML. Rendering with React Email costs several milliseconds of CPU (about 6 ms median on
 * the development machine); in the worker it leaves the request path, so that a request that queues a
 * mail answers as fast as one that does not (password recovery for a known and an unknown address).
 * The words and the link are still decided in the request, when the change happens; only the layout is
 * applied at delivery. The content is erased once sent: its link is a single-use secret.
 *
 * This file is the outbox's API for the modules (enqueue, Message-IDs, error text, the eraser); its
 * queries (claim, outcome, backlog, operator retry, purge) are in store.ts, the worker and its schedule
 * in outbox-worker.ts.
 */
import type { Kysely } from 'kysely';
import addressparser from 'nodemailer/lib/addressparser';
import type { Database } from '../../db/schema.ts';
import { uuid } from '../../lib/crypto.ts';
import { isoNow } from '../../lib/time.ts';
import type { ActionMailInput } from './templates.ts';
import type { PlayerDataEraser } from '../../db/player-data.ts';
import { deleteMailOfPlayer, insertOutboxRow, type OutboxStatus } from './store.ts';

/** What a queued e-mail is; the kinds of the call sites (one per template use). */
export type MailKind =
  | 'register-verification'
  | 'email-update-confirm'
  | 'email-update-notice'
  | 'email-update-recovery'
  | 'password-recovery'
  | 'newsletter-joined'
  | 'security-alert';

/** An e-mail to queue: its kind, recipient address, owner (users.id, null for nobody) and content. */
export interface OutboxMail {
  kind: MailKind;
  to: string;
  userId: number | null;
  content: ActionMailInput;
}

/**
 * The outbox as the API's modules use it (`AppContext.outbox`, built by app.ts):
 * `await ctx.outbox.enqueue(trx, mail)` inside the transaction of the change, then `ctx.outbox.wake()`
 * once it committed.
 */
export interface MailOutbox {
  /** {@link enqueueMail} with this node's Message-ID domain; returns the Message-ID. */
  enqueue(db: Kysely<Database>, mail: OutboxMail): Promise<string>;
  /** Tells this node's worker that queued rows were committed (it delivers them at once). */
  wake(): void;
}

/**
 * The domain of the Message-IDs: that of MAIL_FROM's address (`Guildgate <no-reply@guildgate.test>` →
 * `guildgate.test`), `guildgate.invalid` when it has none.
 */
export function messageIdDomain(mailFrom: string): string {
  const first = addressparser(mailFrom, { flatten: true }).at(0);
  const domain = first?.address.split('@').at(1);
  return domain && /^[A-Za-z0-9.-]+$/.test(domain) ? domain : 'guildgate.invalid';
}

/**
 * Writes `mail` into the outbox through `db` — pass the transaction of the change that causes the mail
 * — as a pending row due now, with a new Message-ID `<uuid@domain>`. The caller wakes the node's worker
 * after the transaction commits (`MailOutbox.wake`); without that, the next poll finds the row.
 * @returns the Message-ID
 */
export async function enqueueMail(db: Kysely<Database>, mail: OutboxMail, domain: string): Promise<string> {
  const messageId = `<${uuid()}@${domain}>`;
  const now = isoNow();
  await insertOutboxRow(db, {
    message_id: messageId,
    kind: mail.kind,
    user_id: mail.userId,
    recipient: mail.to,
    content: JSON.stringify(mail.content),
    status: 'pending' satisfies OutboxStatus,
    attempts: 0,
    next_attempt_at: now,
    claimed_until: null,
    last_error: null,
    created_at: now,
    sent_at: null,
  });
  return messageId;
}

/** Most characters of an error kept in `last_error`. */
export const MAX_ERROR_LENGTH = 500;

/**
 * A failed attempt's error as stored in `last_error` and logged: nodemailer's code and SMTP response
 * code when present, then the message, with every URL (a link carries a single-use token; an SMTP
 * URL may carry a password) replaced by `[url]`, on one line, at most {@link MAX_ERROR_LENGTH}
 * characters. E.g. `ECONNECTION: connect ECONNREFUSED 127.0.0.1:2525`.
 */
export function describeSendError(error: unknown): string {
  const e = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown;
    responseCode?: unknown;
    message?: unknown;
  };
  const message = typeof e.message === 'string' ? e.message : String(error);
  const code = typeof e.code === 'string' ? e.code : 'ERROR';
  const response = typeof e.responseCode === 'number' ? ` ${e.responseCode}` : '';
  return `${code}${response}: ${message}`
    .replace(/[a-z][a-z0-9+.-]*:\/\/\S+/gi, '[url]')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_ERROR_LENGTH);
}

/**
 * The mail part of account deletion (issue 20 §4): every outbox row of the player goes — queued mail is
 * not sent any more, sent and dead rows keep the address.
 */
export const playerDataEraser: PlayerDataEraser = {
  module: 'mail',
  tables: ['mail_outbox'],
  async deletePlayerData(trx, player) {
    await deleteMailOfPlayer(trx, player.id);
  },
};
