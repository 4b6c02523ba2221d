/**
 * The sandbox (DESIGN.md §1): stand-ins for every outside party Guildgate talks to, over real HTTP and
 * SMTP: the mailbox (DESIGN.md §8 mailbox: an SMTP server and its web mailbox), the e-mail check
 * service, the partner SSO's resend-validation service (`partner-sso/index.ts`) and the reCAPTCHA v3
 * stand-in (`api.js` and `siteverify`, see `recaptcha/index.ts`).
 * Each party is its own folder and plugin (see `party.ts`), registered here and listed on `GET /`.
 */
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import formbody from '@fastify/formbody';
import { homePagePlugin } from './home-page.ts';
import { emailCheckParty } from './email-check/index.ts';
import { startMailbox } from './mailbox/index.ts';
import { recaptchaParty } from './recaptcha/index.ts';
import { partnerSsoParty } from './partner-sso/index.ts';
import type { SandboxParty } from './party.ts';

export interface SandboxOptions {
  /** HTTP port of the pages and APIs; 0 picks a free one. */
  httpPort: number;
  /** SMTP port of the mailbox; 0 picks a free one. */
  smtpPort: number;
  /** Interface both servers bind (default "127.0.0.1"). */
  host?: string;
  /** Fastify's pino request logging (default off). */
  logger?: boolean;
}

export interface RunningSandbox {
  /** Base URL of the HTTP server, e.g. "http://127.0.0.1:8090" (no trailing slash). */
  httpUrl: string;
  /** SMTP port actually bound. */
  smtpPort: number;
  /** Stops the HTTP and SMTP servers (open SMTP connections get up to one second). */
  close(): Promise<void>;
}

/** "http://host:port", with IPv6 hosts bracketed and wildcard hosts shown as loopback. */
function baseUrl(host: string, port: number): string {
  if (host === '0.0.0.0') return `http://127.0.0.1:${port}`;
  if (host === '::') return `http://[::1]:${port}`;
  return host.includes(':') ? `http://[${host}]:${port}` : `http://${host}:${port}`;
}

/**
 * Starts the SMTP server and the HTTP server (routes: `GET /` index, `GET /health` → `{status:'ok'}`, and
 * each party's routes, e.g. `/mailbox…`) and resolves once both listen, with the actual ports. Rejects
 * when a port cannot be bound (nothing is left running then).
 */
export async function startSandbox(options: SandboxOptions): Promise<RunningSandbox> {
  const host = options.host ?? '127.0.0.1';
  const app = Fastify({ logger: options.logger ?? false });
  const mailbox = await startMailbox({ smtpPort: options.smtpPort, host, log: app.log });
  const parties: SandboxParty[] = [
    mailbox,
    emailCheckParty(),
    partnerSsoParty(mailbox.store),
    recaptchaParty(),
  ];
  const closeParties = async (): Promise<void> => {
    await Promise.all(parties.map((party) => party.close()));
  };

  try {
    await app.register(formbody);
    app.get('/health', async () => ({ status: 'ok' }));
    await app.register(homePagePlugin(parties));
    for (const party of parties) await app.register(party.plugin);
    await app.listen({ port: options.httpPort, host });
  } catch (error) {
    await app.close();
    await closeParties();
    throw error;
  }

  const { port } = app.server.address() as AddressInfo;
  return {
    httpUrl: baseUrl(host, port),
    smtpPort: mailbox.smtpPort,
    close: async () => {
      await app.close();
      await closeParties();
    },
  };
}
