/**
 * The partner community site party (DESIGN.md §1; spec §1 Single sign-on; issue 7 "a partner community
 * site … that a person can use"): a studio's community site that signs players in through the Guildgate
 * hub as a real OAuth 2.0 client would (hub-client.ts). Routes, under `/partner/`:
 * - `GET /partner/` → the home page: 'Sign in', or 'Signed in as <Username>' and 'Sign out'. A signed-in
 *   player's access token is checked with GET token/verify at each visit and renewed with GET
 *   token/refresh when the hub refuses it; when both fail the site forgets the player. `/partner` → 308.
 * - `GET /partner/sign-in` → 303 to the hub's `/oauth` with client_id, redirect_uri, response_type=code,
 *   state and a PKCE S256 challenge; state and verifier wait in the site's session (site-sessions.ts).
 * - `GET /partner/callback` → the hub's answer: the code is exchanged (POST /api/oauth/token), the player
 *   looked up (GET /api/token/verify), the session renewed under a new id, then 303 to `/partner/`;
 *   an `error=` answer, a state this browser did not start, or a refused exchange → 400 'Sign-in failed'
 *   page (502 when the hub cannot be reached).
 * - `POST /partner/sign-out` → forgets the site's session, 303 to `/partner/`.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import type { SandboxContext, SandboxParty } from '../party.ts';
import {
  DEFAULT_HUB,
  SignInFailure,
  finishSignIn,
  hubConfiguration,
  refreshTokens,
  startSignIn,
  verifyAccessToken,
  type HubSettings,
} from './hub-client.ts';
import { homePage, sendSitePage, signInFailedPage, type HomePlayer } from './pages.ts';
import {
  PENDING_TTL_MS,
  SESSION_COOKIE,
  SESSION_TTL_MS,
  SiteSessions,
  type SiteSession,
} from './site-sessions.ts';

export { DEFAULT_HUB, PARTNER_SITE_CLIENT, type HubSettings } from './hub-client.ts';
export { SITE_NAME } from './pages.ts';

/** What the home page can say of a signed-in session after asking the hub. */
async function currentPlayer(
  hub: HubSettings,
  session: SiteSession,
): Promise<{ player: HomePlayer | null; notice: string | null }> {
  const known = session.player;
  if (!known) return { player: null, notice: null };
  try {
    let verified = await verifyAccessToken(hub, known.accessToken);
    if (!verified) {
      const renewed = await refreshTokens(hub, known);
      if (renewed) {
        session.player = { ...known, ...renewed };
        verified = await verifyAccessToken(hub, renewed.accessToken);
      }
    }
    if (!verified) {
      session.player = null;
      return { player: null, notice: 'Your Guildgate sign-in has ended. Sign in again.' };
    }
    session.player = { ...session.player!, idUser: verified.idUser, username: verified.username };
    return { player: { ...verified, expiresIn: verified.expiresIn }, notice: null };
  } catch {
    return {
      player: { idUser: known.idUser, username: known.username, expiresIn: null },
      notice: 'Guildgate could not be reached just now; this is what the site remembers.',
    };
  }
}

/**
 * The partner site party for the sandbox described by `context`, a client of the hub `hub` (defaults:
 * {@link DEFAULT_HUB}); its sessions live in memory.
 */
export function partnerSiteParty(context: SandboxContext, hub: Partial<HubSettings> = {}): SandboxParty {
  const settings: HubSettings = {
    ...DEFAULT_HUB,
    ...hub,
    url: (hub.url ?? DEFAULT_HUB.url).replace(/\/+$/, ''),
  };
  const configuration = hubConfiguration(settings);
  const sessions = new SiteSessions();
  const send = (reply: FastifyReply, page: Parameters<typeof sendSitePage>[1], status = 200) =>
    sendSitePage(reply, page, settings.url, status);
  const sessionOf = (request: FastifyRequest) => sessions.get(request.cookies[SESSION_COOKIE]);
  const setCookie = (reply: FastifyReply, session: SiteSession) =>
    reply.setCookie(SESSION_COOKIE, session.id, {
      path: '/partner/',
      httpOnly: true,
      sameSite: 'lax',
      secure: context.publicUrl().startsWith('https:'),
      maxAge: Math.floor(SESSION_TTL_MS / 1000),
    });

  return {
    name: 'Partner community site',
    path: '/partner/',
    description: `a partner studio's community site that signs players in through the Guildgate hub (${settings.url}) with OAuth 2.0.`,
    plugin: async (app) => {
      await app.register(cookie);

      app.get('/partner', async (_request, reply) => reply.redirect('/partner/', 308));

      app.get('/partner/', async (request, reply) => {
        const session = sessionOf(request);
        const { player, notice } = session
          ? await currentPlayer(settings, session)
          : { player: null, notice: null };
        return send(reply, homePage(settings.url, player, notice));
      });

      app.get('/partner/sign-in', async (request, reply) => {
        const session = sessionOf(request) ?? sessions.create();
        const { url, pending } = await startSignIn(configuration, `${context.publicUrl()}/partner/callback`);
        session.pending = { ...pending, expiresAt: Date.now() + PENDING_TTL_MS };
        setCookie(reply, session);
        return reply.header('cache-control', 'no-store').redirect(url.href, 303);
      });

      app.get('/partner/callback', async (request, reply) => {
        const session = sessionOf(request);
        const pending = sessions.takePending(session);
        const mark = request.url.indexOf('?');
        const callbackUrl = new URL(`${context.publicUrl()}/partner/callback`);
        callbackUrl.search = mark === -1 ? '' : request.url.slice(mark);
        try {
          const tokens = await finishSignIn(configuration, callbackUrl, pending);
          const player = await verifyAccessToken(settings, tokens.accessToken).catch(() => null);
          if (!player) throw new SignInFailure('exchange', 'Guildgate did not confirm who signed in.');
          // A new session id once signed in (no fixation of an id set before the sign-in).
          sessions.delete(session?.id);
          const signedIn = sessions.create();
          signedIn.player = { ...tokens, idUser: player.idUser, username: player.username };
          setCookie(reply, signedIn);
          return reply.header('cache-control', 'no-store').redirect('/partner/', 303);
        } catch (error) {
          if (!(error instanceof SignInFailure)) throw error;
          request.log.info({ reason: error.reason }, 'sandbox partner site: sign-in failed');
          return send(reply, signInFailedPage(error.detail), error.reason === 'unreachable' ? 502 : 400);
        }
      });

      app.post('/partner/sign-out', async (request, reply) => {
        sessions.delete(request.cookies[SESSION_COOKIE]);
        reply.clearCookie(SESSION_COOKIE, { path: '/partner/' });
        return reply.header('cache-control', 'no-store').redirect('/partner/', 303);
      });
    },
    close: async () => {},
  };
}
