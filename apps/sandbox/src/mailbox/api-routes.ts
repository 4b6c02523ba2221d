/**
 * JSON API of the sandbox mailbox, for tests and tools (DESIGN.md §8 mailbox):
 * - `GET /mailbox/api/messages?to=ADDRESS` → `MailboxMessage[]`, newest first; `to` (optional) keeps the
 *   messages with that recipient, ignoring case;
 * - `GET /mailbox/api/messages/:id` → one `MailboxMessage`, or 404 `{error, message}`;
 * - `DELETE /mailbox/api/messages` → 200 `{deleted: n}`, the mailbox is then empty.
 */
import type { FastifyPluginAsync } from 'fastify';
import { MailboxMessagesSchema, MailboxMessageSchema } from '@guildgate/contracts';
import type { MailStore } from './store.ts';

/** Builds the Fastify plugin of the mailbox JSON API over `store`. */
export function mailboxApiPlugin(store: MailStore): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Querystring: { to?: string } }>(
      '/mailbox/api/messages',
      {
        schema: {
          querystring: {
            type: 'object',
            properties: { to: { type: 'string', maxLength: 320 } },
            additionalProperties: false,
          },
        },
      },
      async (request) => MailboxMessagesSchema.parse(store.list(request.query.to)),
    );

    app.get<{ Params: { id: string } }>('/mailbox/api/messages/:id', async (request, reply) => {
      const message = store.get(request.params.id);
      if (message === undefined) {
        return reply.code(404).send({ error: 'Not Found', message: 'No message with this id' });
      }
      return MailboxMessageSchema.parse(message);
    });

    app.delete('/mailbox/api/messages', async () => ({ deleted: store.clear() }));
  };
}
