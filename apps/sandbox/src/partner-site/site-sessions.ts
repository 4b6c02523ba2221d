/**
 * The partner community site's own sessions, kept server-side in memory and found by a random id in an
 * HttpOnly, SameSite=Lax cookie scoped to `/partner/`: the client of the hub the site signs this
 * browser in as when a visitor chose one on `/partner/client` (its id and secret, issue 24; never in a
 * URL or a log), the sign-in waiting for the hub's answer (state and PKCE verifier, RFC 6749 §10.12,
 * RFC 7636; the site page to go back to) and, once signed in, the player and the hub's tokens.
 * Nothing of it is shared with the hub; signing out here forgets it.
 */
import { randomBytes } from 'node:crypto';
import { PARTNER_SITE_CLIENT, type HubClient, type HubTokens, type PendingSignIn } from './hub-client.ts';

/** Name of the site's session cookie. */
export const SESSION_COOKIE = 'partner_site_session';

/** How long a started sign-in may wait for the hub's answer, ms (the hub's codes live at most 10 min). */
export const PENDING_TTL_MS = 10 * 60_000;

/** How long the site remembers a signed-in player, ms. */
export const SESSION_TTL_MS = 8 * 60 * 60_000;

/** Most sessions kept; the oldest are forgotten first. */
export const MAX_SESSIONS = 10_000;

/** A signed-in player as the site knows them. */
export interface SitePlayer extends HubTokens {
  idUser: string;
  username: string;
}

/** A sign-in the site started, and the page of the site (a path) it leads back to once signed in. */
export interface WaitingSignIn extends PendingSignIn {
  returnTo: string;
}

/** One browser's session at the site. */
export interface SiteSession {
  /** 256 random bits, base64url: the cookie's value. */
  readonly id: string;
  /**
   * The client a visitor chose (`/partner/client`), whose credentials every call of this session's
   * sign-in and player uses; null: the site's own ({@link PARTNER_SITE_CLIENT}). Set only through
   * {@link SiteSessions.useClient}, so the pending sign-in and the player are always of this client.
   */
  client: HubClient | null;
  /** The sign-in waiting for the hub, with its deadline (epoch ms) and the site page to go back to. */
  pending: (WaitingSignIn & { expiresAt: number }) | null;
  player: SitePlayer | null;
  /** Epoch ms after which the session is forgotten. */
  expiresAt: number;
}

/** The sessions of one site instance. */
export class SiteSessions {
  readonly #sessions = new Map<string, SiteSession>();

  /** The live session of `id` (an expired one is forgotten), or null. */
  get(id: string | undefined, now = Date.now()): SiteSession | null {
    if (id === undefined) return null;
    const session = this.#sessions.get(id);
    if (!session) return null;
    if (session.expiresAt <= now) {
      this.#sessions.delete(id);
      return null;
    }
    if (session.pending && session.pending.expiresAt <= now) session.pending = null;
    return session;
  }

  /** A new empty session (the oldest is dropped beyond {@link MAX_SESSIONS}). */
  create(now = Date.now()): SiteSession {
    const session: SiteSession = {
      id: randomBytes(32).toString('base64url'),
      client: null,
      pending: null,
      player: null,
      expiresAt: now + SESSION_TTL_MS,
    };
    this.#sessions.set(session.id, session);
    while (this.#sessions.size > MAX_SESSIONS) {
      const oldest = this.#sessions.keys().next().value;
      if (oldest === undefined) break;
      this.#sessions.delete(oldest);
    }
    return session;
  }

  /** Takes the pending sign-in of `session` out (it is single use). */
  takePending(session: SiteSession | null, now = Date.now()): WaitingSignIn | null {
    const pending = session?.pending ?? null;
    if (session) session.pending = null;
    if (!pending || pending.expiresAt <= now) return null;
    return { state: pending.state, codeVerifier: pending.codeVerifier, returnTo: pending.returnTo };
  }

  /**
   * Makes `client` (null: the site's own) the client of `session`. A pending sign-in and a signed-in
   * player of the previous client are forgotten: the hub's answer and tokens belong to the client that
   * asked for them, and the site would present them as another.
   */
  useClient(session: SiteSession, client: HubClient | null): void {
    session.client =
      client === null ? null : { clientId: client.clientId, clientSecret: client.clientSecret };
    session.pending = null;
    session.player = null;
  }

  /** Forgets session `id`. */
  delete(id: string | undefined): void {
    if (id !== undefined) this.#sessions.delete(id);
  }

  /** Number of sessions held. */
  get size(): number {
    return this.#sessions.size;
  }
}

/** The client the site calls the hub as for `session`: the one chosen in it, else the site's own. */
export function clientOf(session: SiteSession | null): HubClient {
  return session?.client ?? PARTNER_SITE_CLIENT;
}
