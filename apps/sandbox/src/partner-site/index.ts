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
 * - `POST /partner/sign-out` → forgets the site's session (its chosen client too), 303 to `/partner/`.
 * - `GET /partner/client` → the form choosing the client of the hub the site signs in as (issue 24: an
 *   admin registers a partner client and the site signs in with it): 'Client id', 'Client secret',
 *   'Use this client'. `POST /partner/client` (form-encoded `client_id`, `client_secret`) keeps that
 *   client in the visitor's site session (site-sessions.ts: never in a URL, never logged), forgetting a
 *   signed-in player and a pending sign-in of the previous client, then 303 to `/partner/`, which says
 *   'Signing in as client <id>'; a bad form → 400, the form again with the errors (client-form.ts).
 *   `POST /partner/client/reset` ('Use the site's own client') → back to the site's client, 303 to
 *   `/partner/`. Both POSTs are refused (403 'Request refused') unless they come from the site's own
 *   pages (client-form.ts `fromSitePage`: Sec-Fetch-Site or Origin; the session cookie is SameSite=Lax).
 * Sign-in, the code exchange, token/verify, token/refresh and oauth/profile are made as the session's
 * client when it has one, as the site's own ({@link PARTNER_SITE_CLIENT}) otherwise; the redirect URI
 * is `<sandbox>/partner/callback` for both. A client the hub refuses at the exchange (wrong secret,
 * unknown client) ends on the 'Sign-in failed' page with the hub's error.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import type { SandboxContext, SandboxParty } from '../party.ts';
import { fromSitePage, readClientForm } from './client-form.ts';
import {
  DEFAULT_HUB,
  PARTNER_SITE_CLIENT,
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
  CLIENT_PAGES,
  SITE_PAGES,
  clientPage,
  homePage,
  profilePage,
  refusedPage,
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
  clientOf,
  type SiteSession,
} from './site-sessions.ts';

export { DEFAULT_HUB, PARTNER_SITE_CLIENT, type HubSettings } from './hub-client.ts';
export { SITE_NAME, SITE_PAGES } from './pages.ts';

/** The site page a sign-in leads back to: `wanted` when it is one of {@link SITE_PAGES}, else home. */
export function returnPage(wanted: unknown): string {
  const pages: readonly string[] = Object.values(SITE_PAGES);
  return typeof wanted === 'string' && pages.includes(wanted) ? wanted : SITE_PAGES.home;
}

/** What the home page can say of a signed-in session after asking the hub (as the session's client). */
async function currentPlayer(
  hub: HubSettings,
  session: SiteSession,
): Promise<{ player: HomePlayer | null; notice: string | null }> {
  const known = session.player;
  if (!known) return { player: null, notice: null };
  const hubClient = clientOf(session);
  try {
    let current = known;
    let verified = await verifyAccessToken(hub, hubClient, known.accessToken);
    if (!verified) {
      const renewed = await refreshTokens(hub, hubClient, known);
      if (renewed) {
        current = { ...known, ...renewed };
        session.player = current;
        verified = await verifyAccessToken(hub, hubClient, renewed.accessToken);
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
    const profile = await fetchProfile(hub, clientOf(session), session.player.accessToken);
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
  const siteConfiguration = hubConfiguration(settings, PARTNER_SITE_CLIENT);
  /** The hub as the session's client sees it (the site's own configuration is made once). */
  const configurationOf = (session: SiteSession | null) =>
    session?.client ? hubConfiguration(settings, session.client) : siteConfiguration;
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
  const callbackUrl = () => `${context.publicUrl()}/partner/callback`;
  /** The site's origins: its public address, and the address this request was made to. */
  const siteOrigins = (request: FastifyRequest) => [
    new URL(context.publicUrl()).origin,
    `${request.protocol}://${request.host}`,
  ];
  /** Sends the 'Request refused' page unless the POST came from one of the site's pages; true if sent. */
  const refusedCrossSite = (request: FastifyRequest, reply: FastifyReply): boolean => {
    if (fromSitePage(request.headers, siteOrigins(request))) return false;
    request.log.info('sandbox partner site: a form posted from another site was refused');
    void send(reply, refusedPage(), 403);
    return true;
  };

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
        return send(reply, homePage(settings.url, player, notice, session?.client?.clientId ?? null));
      });

      /** Starts a sign-in that comes back to `returnTo` (a site page): 303 to the hub's /oauth. */
      const signIn = async (request: FastifyRequest, reply: FastifyReply, returnTo: string) => {
        const session = sessionOf(request) ?? sessions.create();
        const { url, pending } = await startSignIn(configurationOf(session), callbackUrl());
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
        const answer = new URL(callbackUrl());
        answer.search = mark === -1 ? '' : request.url.slice(mark);
        // The client that asked: changing the session's client forgets its pending sign-in.
        const hubClient = clientOf(session);
        try {
          const tokens = await finishSignIn(configurationOf(session), answer, pending);
          const player = await verifyAccessToken(settings, hubClient, tokens.accessToken).catch(() => null);
          if (!player) throw new SignInFailure('exchange', 'Guildgate did not confirm who signed in.');
          // A new session id once signed in (no fixation of an id set before the sign-in).
          sessions.delete(session?.id);
          const signedIn = sessions.create();
          if (session?.client) sessions.useClient(signedIn, session.client);
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

      app.get(CLIENT_PAGES.choose, async (request, reply) =>
        send(reply, clientPage(callbackUrl(), sessionOf(request)?.client?.clientId ?? null)),
      );

      app.post(CLIENT_PAGES.choose, async (request, reply) => {
        if (refusedCrossSite(request, reply)) return reply;
        const existing = sessionOf(request);
        const form = readClientForm(request.body);
        if (!form.ok) {
          const page = clientPage(callbackUrl(), existing?.client?.clientId ?? null, form);
          return send(reply, page, 400);
        }
        const session = existing ?? sessions.create();
        sessions.useClient(session, form.client);
        setCookie(reply, session);
        return reply.header('cache-control', 'no-store').redirect(SITE_PAGES.home, 303);
      });

      app.post(CLIENT_PAGES.reset, async (request, reply) => {
        if (refusedCrossSite(request, reply)) return reply;
        const session = sessionOf(request);
        if (session?.client) sessions.useClient(session, null);
        return reply.header('cache-control', 'no-store').redirect(SITE_PAGES.home, 303);
      });
    },
    close: async () => {},
  };
}
