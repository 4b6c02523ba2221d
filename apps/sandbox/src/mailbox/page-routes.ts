/**
 * Web pages of the sandbox mailbox (DESIGN.md §8 mailbox):
 * - `GET /mailbox?to=ADDRESS` → the message list (optionally filtered by recipient);
 * - `GET /mailbox/:id` → one message, or a 404 page;
 * - `POST /mailbox/clear` (form) → empties the mailbox, then 303 to `/mailbox`.
 */
import type { FastifyPluginAsync } from 'fastify';
import { sendPage } from '../shared/layout.ts';
import { renderListPage, renderMessagePage, renderNotFoundPage } from './pages.ts';
import type { MailStore } from './store.ts';

/** Builds the Fastify plugin of the mailbox pages over `store`. */
export function mailboxPagesPlugin(store: MailStore): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Querystring: { to?: string } }>(
      '/mailbox',
      {
        schema: {
          querystring: { type: 'object', properties: { to: { type: 'string', maxLength: 320 } } },
        },
      },
      async (request, reply) => {
        const filter = (request.query.to ?? '').trim();
        return sendPage(reply, renderListPage(store.list(filter), filter));
      },
    );

    app.get<{ Params: { id: string } }>('/mailbox/:id', async (request, reply) => {
      const message = store.get(request.params.id);
      if (message === undefined) return sendPage(reply, renderNotFoundPage(), 404);
      return sendPage(reply, renderMessagePage(message));
    });

    app.post('/mailbox/clear', async (_request, reply) => {
      store.clear();
      return reply.redirect('/mailbox', 303);
    });
  };
}
