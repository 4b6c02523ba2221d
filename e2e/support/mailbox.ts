/** Reads the sandbox mailbox's JSON API (DESIGN.md §8) from end-to-end tests. */
import { MailboxMessagesSchema, type MailboxMessage } from '@guildgate/contracts';
import { E2E } from './ports.ts';

/** The messages the sandbox holds for `to`, newest first. */
async function messagesTo(to: string): Promise<MailboxMessage[]> {
  const res = await fetch(`${E2E.sandboxUrl}/mailbox/api/messages?to=${encodeURIComponent(to)}`);
  return MailboxMessagesSchema.parse(await res.json());
}

/**
 * Polls the messages for `to` every 200 ms until `pick` returns something, or fails after `timeoutMs`
 * with `what` in the message.
 */
async function pollMailbox<T>(
  to: string,
  pick: (messages: MailboxMessage[]) => T | undefined,
  what: string,
  timeoutMs: number,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const messages = await messagesTo(to);
    const found = pick(messages);
    if (found !== undefined) return found;
    if (Date.now() - started > timeoutMs)
      throw new Error(`${to} did not receive ${what} (${messages.length} e-mails)`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Waits (ms timeout) for the newest message to `to` and returns it. */
export function waitForMail(to: string, timeoutMs = 20_000): Promise<MailboxMessage> {
  return pollMailbox(to, (messages) => messages[0], 'an e-mail', timeoutMs);
}

/** Waits (ms timeout) for the newest message to `to` whose subject matches `subject`. */
export function waitForMailMatching(
  to: string,
  subject: RegExp,
  timeoutMs = 20_000,
): Promise<MailboxMessage> {
  return pollMailbox(
    to,
    (messages) => messages.find((m) => subject.test(m.subject)),
    `'${subject.source}'`,
    timeoutMs,
  );
}

/** Waits (ms timeout) until `to` has received at least `count` messages; returns them, newest first. */
export function waitForMailCount(to: string, count: number, timeoutMs = 20_000): Promise<MailboxMessage[]> {
  return pollMailbox(
    to,
    (messages) => (messages.length >= count ? messages : undefined),
    `${count} e-mails`,
    timeoutMs,
  );
}

/** The first address in `text` that starts with `prefix`. */
export function firstLink(text: string, prefix: string): string {
  const start = text.indexOf(prefix);
  if (start < 0) throw new Error(`no link starting with ${prefix} in the e-mail`);
  return /^[^\s"'<>\])]+/.exec(text.slice(start))![0];
}
