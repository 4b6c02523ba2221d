/**
 * `GET /` of the sandbox: a small index page listing each simulated party with a link to its page
 * (DESIGN.md §1; today only the §8 mailbox).
 */
import type { FastifyPluginAsync } from 'fastify';
import { html } from './shared/html.ts';
import { layout, sendPage, SANDBOX_NAME } from './shared/layout.ts';
import type { SandboxParty } from './party.ts';

/** Builds the Fastify plugin serving the index page for the given parties (in the order given). */
export function homePagePlugin(parties: readonly SandboxParty[]): FastifyPluginAsync {
  return async (app) => {
    app.get('/', async (_request, reply) => {
      const items = parties.map(
        (party) => html`<li><a href="${party.path}">${party.name}</a> — ${party.description}</li>`,
      );
      const body = html`<h1>${SANDBOX_NAME}</h1>
        <p>
          Stand-ins for the outside parties Guildgate talks to, so the whole product runs on one machine.
          Never deployed to production.
        </p>
        <h2>Parts</h2>
        <ul class="parts">
          ${items}
        </ul>`;
      return sendPage(reply, layout('Index', body));
    });
  };
}
