/**
 * The partner community site party (DESIGN.md §1; spec §1 Single sign-on; issue 7 "a partner community
 * site … that a person can use"): a studio's community site that signs players in through the Guildgate
 * hub as a real OAuth 2.0 client would (hub-client.ts). It is `npm start`'s front url (spec §1; issue 19
 * "No dead ends"), so it hosts the pages the portal links to: "Browse website" (the home page), "View my
 * profile" (`/profile`) and the survey's Steam-connect return (`/profile/me/rewards`). Routes, under
 * `/partner/`:
 * - `GET /partner/` → the home page: 'Sign in', or 'Signed in as <Username>', links to the profile and
 *   rewards, and 'Sign out'. A signed-in player's access token is checked with GET token/verify at each
 *   visit and renewed with GET token/refresh when the hub refuses it; when both fail the site forgets
 *   the player. `/partner` → 308.
 * - `GET /partner/sign-in[?return=<page>]` → 303 to the hub's `/oauth` with client_id, redirect_uri,
 *   response_type=code, state and a PKCE S256 challenge; state, verifier and the page to go back to (one
 *   of the site's pages, else the home page) wait in the site's session (site-sessions.ts).
 * - `GET /partner/callback` → the hub's answer: the code is exchanged (POST /api/oauth/token), the player
 *   looked up (GET /api/token/verify), the session renewed under a new id, then 303 to the page the
 *   sign-in came from; an `error=` answer, a state this browser did not start, or a refused exchange →
 *   400 'Sign-in failed' page (502 when the hub cannot be reached).
 * - `GET /partner/profile` → the signed-in player's profile with their badges (GET /api/oauth/profile);
 *   a visitor (or a player whose hub session ended) signs in first and comes back here.
 * - `GET /partner/profile/me/rewards` → the badges earned and the Profiler Badge still to earn, with the
 *   way to the portal's survey; signs a visitor in first like the profile. Reached with `steamid` in the
 *   query it is the return of the portal's Steam link that the survey started (spec §2 Survey: "the link
 *   route with redirect to profile/me/rewards"; §4: "redirected to the stored redirectUrl with steamid
 *   appended"): the player is sent straight back to the survey at the hub (303 `<hub>/survey/qualification`),
 *   whose questions the linked account now opens.
 * - `POST /partner/sign-out` → forgets the site's session, 303 to `/partner/`.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import type { SandboxContext, SandboxParty } from '../party.ts';
import {
  DEFAULT_HUB,
  SignInFailure,
  fetchProfile,
  finishSignIn,
  hubConfiguration,
  refreshTokens,
  startSignIn,
  verifyAccessToken,
  type HubProfile,
  type HubSettings,
} from './hub-client.ts';
import {
  SITE_PAGES,
  homePage,
  profilePage,
  rewardsPage,
  sendSitePage,
  signInFailedPage,
  type HomePlayer,
} from './pages.ts';
import {
  PENDING_TTL_MS,
  SESSION_COOKIE,
  SESSION_TTL_MS,
  SiteSessions,
  type SiteSession,
} from './site-sessions.ts';

export { DEFAULT_HUB, PARTNER_SITE_CLIENT, type HubSettings } from './hub-client.ts';
export { SITE_NAME, SITE_PAGES } from './pages.ts';

/** The site page a sign-in leads back to: `wanted` when it is one of {@link SITE_PAGES}, else home. */
export function returnPage(wanted: unknown): string {
  const pages: readonly string[] = Object.values(SITE_PAGES);
  return typeof wanted === 'string' && pages.includes(wanted) ? wanted : SITE_PAGES.home;
}

/** What the home page can say of a signed-in session after asking the hub. */
async function currentPlayer(
  hub: HubSettings,
  session: SiteSession,
): Promise<{ player: HomePlayer | null; notice: string | null }> {
  const known = session.player;
  if (!known) return { player: null, notice: null };
  try {
    let current = known;
    let verified = await verifyAccessToken(hub, known.accessToken);
    if (!verified) {
      const renewed = await refreshTokens(hub, known);
      if (renewed) {
        current = { ...known, ...renewed };
        session.player = current;
        verified = await verifyAccessToken(hub, renewed.accessToken);
      }
    }
    if (!verified) {
      session.player = null;
      return { player: null, notice: 'Your Guildgate sign-in has ended. Sign in again.' };
    }
    session.player = { ...current, idUser: verified.idUser, username: verified.username };
    return { player: { ...verified, expiresIn: verified.expiresIn }, notice: null };
  } catch {
    return {
      player: { idUser: known.idUser, username: known.username, expiresIn: null },
      notice: 'Guildgate could not be reached just now; this is what the site remembers.',
    };
  }
}

/**
 * The profile of the signed-in player of `session` for the profile and rewards pages: the hub's answer
 * (null with a notice when the hub cannot be reached), or `signIn` when there is no signed-in player
 * any more (a visitor, or a hub session that ended).
 */
async function signedInProfile(
  hub: HubSettings,
  session: SiteSession | null,
): Promise<
  { signIn: true } | { signIn: false; player: HomePlayer; profile: HubProfile | null; notice: string | null }
> {
  const { player, notice } = session ? await currentPlayer(hub, session) : { player: null, notice: null };
  if (!player || !session?.player) return { signIn: true };
  if (notice) return { signIn: false, player, profile: null, notice };
  try {
    const profile = await fetchProfile(hub, session.player.accessToken);
    if (!profile) {
      // Refused just after token/verify accepted it: the session ended in between.
      session.player = null;
      return { signIn: true };
    }
    return { signIn: false, player, profile, notice: null };
  } catch {
    return {
      signIn: false,
      player,
      profile: null,
      notice: 'Guildgate could not be reached just now; your badges cannot be shown.',
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
    description: `a partner studio's community site that signs players in through the Guildgate hub (${settings.url}) with OAuth 2.0, and shows their profile and rewards (the portal's front url with npm start).`,
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

      /** Starts a sign-in that comes back to `returnTo` (a site page): 303 to the hub's /oauth. */
      const signIn = async (request: FastifyRequest, reply: FastifyReply, returnTo: string) => {
        const session = sessionOf(request) ?? sessions.create();
        const { url, pending } = await startSignIn(configuration, `${context.publicUrl()}/partner/callback`);
        session.pending = { ...pending, returnTo, expiresAt: Date.now() + PENDING_TTL_MS };
        setCookie(reply, session);
        return reply.header('cache-control', 'no-store').redirect(url.href, 303);
      };

      app.get('/partner/sign-in', async (request, reply) =>
        signIn(request, reply, returnPage((request.query as Record<string, unknown>).return)),
      );

      app.get(SITE_PAGES.profile, async (request, reply) => {
        const found = await signedInProfile(settings, sessionOf(request));
        if (found.signIn) return signIn(request, reply, SITE_PAGES.profile);
        return send(reply, profilePage(settings.url, found.player, found.profile, found.notice));
      });

      app.get(SITE_PAGES.rewards, async (request, reply) => {
        const steamId = (request.query as Record<string, unknown>).steamid;
        if (typeof steamId === 'string' && steamId !== '') {
          // The portal's Steam link, started by its survey, came back here: on to the survey.
          return reply
            .header('cache-control', 'no-store')
            .redirect(`${settings.url}/survey/qualification`, 303);
        }
        const found = await signedInProfile(settings, sessionOf(request));
        if (found.signIn) return signIn(request, reply, SITE_PAGES.rewards);
        return send(reply, rewardsPage(settings.url, found.profile, found.notice));
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
        } catch (error) {
          if (!(error instanceof SignInFailure)) throw error;
          request.log.info({ reason: error.reason }, 'sandbox partner site: sign-in failed');
          return send(reply, signInFailedPage(error.detail), error.reason === 'unreachable' ? 502 : 400);
        }
        return reply.header('cache-control', 'no-store').redirect(returnPage(pending?.returnTo), 303);
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
