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

/**
 * What a party may know of the running sandbox. `publicUrl()` is the base URL browsers and the API use
 * to reach the sandbox, e.g. "http://localhost:8090" (no trailing slash): `SandboxOptions.publicUrl`
 * when given, else the listening address. It throws before the server listens, so parties call it per
 * request (or build what needs it, such as an OpenID Connect issuer, lazily on the first request).
 */
export interface SandboxContext {
  publicUrl(): string;
}
