/**
 * The sandbox (DESIGN.md §1): stand-ins for every outside party Guildgate talks to, over real HTTP and
 * SMTP: the mailbox (DESIGN.md §8 mailbox: an SMTP server and its web mailbox), the e-mail check
 * service, the partner SSO's resend-validation service (`partner-sso/index.ts`), the reCAPTCHA v3
 * stand-in (`api.js` and `siteverify`, see `recaptcha/index.ts`), and the providers a player links:
 * Steam's OpenID 2.0 provider and Web API (`steam/`), Twitch and Epic Games as OpenID Connect providers
 * built with oidc-provider (`twitch/`, `epic-games/`, on `shared/oidc-party.ts`); and the partner
 * studios' identity providers, "Creative Assembly ID" and "Focus ID" (`partner-idp/`: OpenID Connect
 * providers on the same helper, with a username-and-password sign-in page and test accounts); and the
 * partner community site (`partner-site/`), an OAuth 2.0 client of the Guildgate hub at `hub.url`
 * through the spec's calls; and two clients of the hub's OpenID Provider that know only its issuer: the
 * OpenID Connect site (`oidc-site/`, server side, openid-client) and the browser client
 * (`oidc-browser/`, a public client page with oidc-client-ts).
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
import { steamParty } from './steam/index.ts';
import { twitchParty } from './twitch/index.ts';
import { epicGamesParty } from './epic-games/index.ts';
import { creativeAssemblyIdp, focusIdp } from './partner-idp/index.ts';
import { partnerSiteParty, type HubSettings } from './partner-site/index.ts';
import { oidcSiteParty } from './oidc-site/index.ts';
import { oidcBrowserParty } from './oidc-browser/index.ts';
import type { SandboxContext, SandboxParty } from './party.ts';

export interface SandboxOptions {
  /** HTTP port of the pages and APIs; 0 picks a free one. */
  httpPort: number;
  /** SMTP port of the mailbox; 0 picks a free one. */
  smtpPort: number;
  /** Interface both servers bind (default "127.0.0.1"). */
  host?: string;
  /** Fastify's pino request logging (default off). */
  logger?: boolean;
  /**
   * Base URL the API and browsers use to reach the HTTP server, e.g. "http://localhost:8090"; issuers,
   * OpenID endpoints and links are built from it. Default: the listening address (`httpUrl`).
   */
  publicUrl?: string;
  /**
   * The Guildgate hub the partner site signs players in through: its URL (default
   * "http://localhost:8080") and the api key and anonymous bearer of its spec §7 calls (defaults: the
   * API's own defaults).
   */
  hub?: Partial<HubSettings>;
}

export interface RunningSandbox {
  /** Base URL of the HTTP server, e.g. "http://127.0.0.1:8090" (no trailing slash). */
  httpUrl: string;
  /** Base URL the API and browsers use (see {@link SandboxOptions.publicUrl}). */
  publicUrl: string;
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
  let publicUrl: string | undefined = options.publicUrl?.replace(/\/+$/, '');
  const context: SandboxContext = {
    publicUrl: () => {
      if (publicUrl === undefined) throw new Error('The sandbox is not listening yet');
      return publicUrl;
    },
  };
  const mailbox = await startMailbox({ smtpPort: options.smtpPort, host, log: app.log });
  const parties: SandboxParty[] = [
    mailbox,
    emailCheckParty(),
    partnerSsoParty(mailbox.store),
    recaptchaParty(),
    steamParty(context),
    twitchParty(context),
    epicGamesParty(context),
    creativeAssemblyIdp(context),
    focusIdp(context),
    partnerSiteParty(context, options.hub),
    oidcSiteParty(context, { url: options.hub?.url }),
    oidcBrowserParty(context, { url: options.hub?.url }),
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
  publicUrl ??= baseUrl(host, port);
  return {
    httpUrl: baseUrl(host, port),
    publicUrl,
    smtpPort: mailbox.smtpPort,
    close: async () => {
      await app.close();
      await closeParties();
    },
  };
}
