/**
 * The sandbox mailbox JSON API (DESIGN.md §8): GET /mailbox/api/messages?to=ADDRESS → newest first;
 * DELETE /mailbox/api/messages empties it.
 */
import { z } from 'zod';

export const MailboxMessageSchema = z.object({
  id: z.string(),
  to: z.array(z.string()),
  from: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  /** ISO 8601 time the sandbox received the message. */
  date: z.string(),
});
export type MailboxMessage = z.infer<typeof MailboxMessageSchema>;
export const MailboxMessagesSchema = z.array(MailboxMessageSchema);
