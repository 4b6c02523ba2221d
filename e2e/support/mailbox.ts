/** Reads the sandbox mailbox's JSON API (DESIGN.md §8) from end-to-end tests. */
import { MailboxMessagesSchema, type MailboxMessage } from '@guildgate/contracts';
import { E2E } from './ports.ts';

/** Waits (ms timeout) for the newest message to `to` and returns it. */
export async function waitForMail(to: string, timeoutMs = 20_000): Promise<MailboxMessage> {
  const started = Date.now();
  for (;;) {
    const res = await fetch(`${E2E.sandboxUrl}/mailbox/api/messages?to=${encodeURIComponent(to)}`);
    const [message] = MailboxMessagesSchema.parse(await res.json());
    if (message) return message;
    if (Date.now() - started > timeoutMs) throw new Error(`no e-mail for ${to}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Waits (ms timeout) for the newest message to `to` whose subject matches `subject`. */
export async function waitForMailMatching(
  to: string,
  subject: RegExp,
  timeoutMs = 20_000,
): Promise<MailboxMessage> {
  const started = Date.now();
  for (;;) {
    const res = await fetch(`${E2E.sandboxUrl}/mailbox/api/messages?to=${encodeURIComponent(to)}`);
    const message = MailboxMessagesSchema.parse(await res.json()).find((m) => subject.test(m.subject));
    if (message) return message;
    if (Date.now() - started > timeoutMs) throw new Error(`no e-mail '${subject.source}' for ${to}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The first address in `text` that starts with `prefix`. */
export function firstLink(text: string, prefix: string): string {
  const start = text.indexOf(prefix);
  if (start < 0) throw new Error(`no link starting with ${prefix} in the e-mail`);
  return /^[^\s"'<>\])]+/.exec(text.slice(start))![0];
}
