/**
 * The shape every simulated outside party of the sandbox takes (DESIGN.md §1): the mailbox, the e-mail
 * check and reCAPTCHA now; Steam, Twitch, Epic, the partner IdPs and the partner site later. Each lives
 * in its own folder under `src/`, exposes one of these, and is registered by `app.ts`, which also lists
 * it on the index page.
 */
import type { FastifyPluginAsync } from 'fastify';

export interface SandboxParty {
  /** Human name shown on the index page, e.g. "Mailbox". */
  readonly name: string;
  /** Path of the party's start page on the sandbox HTTP server, e.g. "/mailbox". */
  readonly path: string;
  /** One sentence shown on the index page. */
  readonly description: string;
  /** Fastify plugin adding the party's routes (registered without a prefix: routes carry full paths). */
  readonly plugin: FastifyPluginAsync;
  /** Releases what the party holds outside Fastify (e.g. the SMTP listener); called on shutdown. */
  close(): Promise<void>;
}
