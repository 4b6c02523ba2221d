/**
 * Turns one raw message received over SMTP into the contract's `MailboxMessage` (DESIGN.md §8 mailbox),
 * with mailparser's `simpleParser`.
 */
import { randomUUID } from 'node:crypto';
import { simpleParser } from 'mailparser';
import { MailboxMessageSchema, type MailboxMessage } from '@guildgate/contracts';

/** What the SMTP conversation said, beside the message itself. */
export interface Envelope {
  /** `MAIL FROM` address, or `undefined` for the null sender. */
  readonly mailFrom: string | undefined;
  /** `RCPT TO` addresses, in order (they include Cc and Bcc recipients). */
  readonly rcptTo: readonly string[];
}

/**
 * Parses the raw RFC 5322 message and returns it as a mailbox message:
 * - `id`: a fresh random UUID;
 * - `to`: the envelope recipients (so Bcc recipients find their copy), duplicates removed ignoring case;
 * - `from`: the `From` header as text (`Name <address>`), else the envelope sender, else "";
 * - `subject`, `text`, `html`: the decoded parts, "" when absent;
 * - `date`: `receivedAt` as ISO 8601 (when the sandbox received it, not the `Date` header).
 * Rejects when mailparser cannot read the source.
 */
export async function parseMessage(
  raw: Buffer,
  envelope: Envelope,
  receivedAt: Date,
): Promise<MailboxMessage> {
  const parsed = await simpleParser(raw, { skipTextToHtml: true });
  const seen = new Set<string>();
  const to = envelope.rcptTo.filter((address) => {
    const key = address.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return MailboxMessageSchema.parse({
    id: randomUUID(),
    to,
    from: parsed.from?.text ?? envelope.mailFrom ?? '',
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: parsed.html === false ? '' : parsed.html,
    date: receivedAt.toISOString(),
  });
}
