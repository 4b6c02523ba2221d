/**
 * The sandbox mailbox party (DESIGN.md §8 mailbox): an SMTP server storing every message it receives in
 * memory, plus its JSON API and web pages on the sandbox HTTP server.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { SandboxParty } from '../party.ts';
import { mailboxApiPlugin } from './api-routes.ts';
import { mailboxPagesPlugin } from './page-routes.ts';
import { startSmtp } from './smtp.ts';
import { MailStore } from './store.ts';

export interface MailboxOptions {
  /** SMTP port; 0 picks a free one. */
  readonly smtpPort: number;
  /** Interface the SMTP server binds. */
  readonly host: string;
  readonly log: FastifyBaseLogger;
  /** Messages kept before the oldest are dropped (default 1000). */
  readonly capacity?: number;
}

export interface Mailbox extends SandboxParty {
  /** SMTP port actually bound. */
  readonly smtpPort: number;
  readonly store: MailStore;
}

/**
 * Starts the mailbox's SMTP server and returns the party (routes to register, `close()` to stop SMTP).
 * Rejects when the SMTP port cannot be bound.
 */
export async function startMailbox(options: MailboxOptions): Promise<Mailbox> {
  const store = new MailStore(options.capacity);
  const smtp = await startSmtp({ port: options.smtpPort, host: options.host, store, log: options.log });
  const api = mailboxApiPlugin(store);
  const pages = mailboxPagesPlugin(store);
  return {
    name: 'Mailbox',
    path: '/mailbox',
    description: `every e-mail sent to the SMTP server on port ${smtp.port}, with its links clickable.`,
    plugin: async (app) => {
      await app.register(api);
      await app.register(pages);
    },
    smtpPort: smtp.port,
    store,
    close: () => smtp.close(),
  };
}
