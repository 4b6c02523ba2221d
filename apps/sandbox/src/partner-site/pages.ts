/**
 * Pages of the sandbox partner community site (DESIGN.md §1 "a small partner community site that signs
 * players in through the hub"): the home page, signed out ('Sign in') or signed in ('Signed in as …',
 * links to the profile and the rewards, 'Sign out'), with the client of the hub it signs in as
 * ('Signing in as client <id>' and 'Use the site's own client' when a visitor chose one); the form to
 * choose that client (`/partner/client`, issue 24: 'Client id', 'Client secret', 'Use this client');
 * the signed-in player's profile (`/partner/profile`: the portal's "View my profile") and rewards
 * (`/partner/profile/me/rewards`: the badges earned and the one on offer, the Profiler Badge of the
 * portal's survey); the page of a failed sign-in; and the page of a form posted from elsewhere. Built
 * with `shared/html.ts` (everything escaped) and `shared/layout.ts`; sent with a policy that lets the
 * Sign in form lead to the hub.
 */
import type { FastifyReply } from 'fastify';
import { html, type SafeHtml } from '../shared/html.ts';
import { layout, sendPage } from '../shared/layout.ts';
import type { ClientFormErrors } from './client-form.ts';
import { PARTNER_SITE_CLIENT, type HubProfile } from './hub-client.ts';
import type { SitePlayer } from './site-sessions.ts';

/** The site's name, the heading of its home page. */
export const SITE_NAME = 'Guildgate partner community (sandbox)';

/** The form choosing the client of the hub the site signs in as, and the way back to the site's own. */
export const CLIENT_PAGES = {
  choose: '/partner/client',
  reset: '/partner/client/reset',
} as const;

/** The site's pages a sign-in may lead back to (the portal's front url paths, spec §2). */
export const SITE_PAGES = {
  home: '/partner/',
  profile: '/partner/profile',
  rewards: '/partner/profile/me/rewards',
} as const;

/** The badge the portal's survey earns (spec §2 Survey; `PROFILER_BADGE` of the contracts). */
export const PROFILER_BADGE = 'Profiler';

/** What the home page shows of a signed-in player. */
export interface HomePlayer extends Pick<SitePlayer, 'idUser' | 'username'> {
  /** Seconds the hub's access token has left, when the hub just said so. */
  expiresIn: number | null;
}

/** The Sign in form (a button; GET /partner/sign-in sends the browser to the hub). */
function signInForm(label = 'Sign in'): SafeHtml {
  return html`<form method="get" action="/partner/sign-in">
    <button type="submit">${label}</button>
  </form>`;
}

/** The 'Use the site's own client' button (POST /partner/client/reset). */
function resetClientForm(): SafeHtml {
  return html`<form method="post" action="${CLIENT_PAGES.reset}">
    <button type="submit" class="secondary">Use the site's own client</button>
  </form>`;
}

/**
 * Which client of the hub the site signs in as: `chosenClientId` ('Signing in as client <id>', with
 * the button back to the site's own), or the site's own; and the link to the form choosing another.
 */
function clientSection(chosenClientId: string | null): SafeHtml {
  const which =
    chosenClientId === null
      ? html`<p>This site signs in as its own client <code>${PARTNER_SITE_CLIENT.clientId}</code>.</p>`
      : html`<p><strong>Signing in as client ${chosenClientId}</strong></p>
          ${resetClientForm()}`;
  return html`<h2>Client of the hub</h2>
    ${which}
    <p><a href="${CLIENT_PAGES.choose}">Use another client</a></p>`;
}

/**
 * The home page.
 * @param player the signed-in player, or null
 * @param notice a message about the session (e.g. the hub ended it), shown as a status
 * @param chosenClientId the client a visitor chose on `/partner/client`, or null for the site's own
 */
export function homePage(
  hubUrl: string,
  player: HomePlayer | null,
  notice: string | null = null,
  chosenClientId: string | null = null,
): SafeHtml {
  const status = notice ? html`<p role="status">${notice}</p>` : '';
  const body = player
    ? html`<h1>${SITE_NAME}</h1>
        ${status}
        <p><strong>Signed in as ${player.username}</strong></p>
        <dl class="meta">
          <dt>Player id (Id_User)</dt>
          <dd><code>${player.idUser}</code></dd>
          ${
            player.expiresIn === null
              ? ''
              : html`<dt>Hub access token</dt>
                  <dd>valid ${player.expiresIn} more seconds</dd>`
          }
        </dl>
        <nav aria-label="Your pages">
          <ul>
            <li><a href="${SITE_PAGES.profile}">My profile</a></li>
            <li><a href="${SITE_PAGES.rewards}">My rewards</a></li>
          </ul>
        </nav>
        <form method="post" action="/partner/sign-out">
          <button type="submit" class="secondary">Sign out</button>
        </form>
        <p class="muted">Signing out here ends your session on this site only, not at Guildgate.</p>`
    : html`<h1>${SITE_NAME}</h1>
        ${status}
        <p>
          A community site of a partner studio. Players sign in with their Guildgate account: the site sends
          you to Guildgate, which sends you back here signed in.
        </p>
        ${signInForm()}`;
  const about = html`<h2>How it works</h2>
    <p class="muted">
      This site is an OAuth 2.0 client of the Guildgate hub at <code>${hubUrl}</code> (client
      <code>${chosenClientId ?? PARTNER_SITE_CLIENT.clientId}</code>, authorization code flow with PKCE):
      <code>GET /oauth</code> on the portal, <code>POST /api/oauth/token</code>, then
      <code>GET /api/token/verify</code> and <code>GET /api/token/refresh</code> with its client id.
    </p>`;
  return layout('Partner community', html`${body}${clientSection(chosenClientId)}${about}`);
}

/** What the client form shows again after a refused post. */
export interface ClientFormState {
  /** The client id as typed (the secret is never sent back). */
  clientId: string;
  errors: ClientFormErrors;
}

/**
 * A field of the client form: its label (for `id`), its `input` (markup of this module, which links
 * the error by `aria-describedby="<id>-error"`), and its error, if any.
 */
function formField(id: string, label: string, input: SafeHtml, error: string | undefined): SafeHtml {
  return html`<p>
      <label for="${id}">${label}</label>
      ${input}
    </p>
    ${error === undefined ? '' : html`<p id="${id}-error"><strong>Error:</strong> ${error}</p>`}`;
}

/**
 * The form choosing the client of the hub the site signs in as (GET /partner/client; issue 24): 'Client
 * id' and 'Client secret' (both required), button 'Use this client', posted to /partner/client. Says
 * which redirect URI to register for that client and which client is in use now.
 * @param callbackUrl the site's redirect URI, `<sandbox>/partner/callback`
 * @param chosenClientId the client in use now, or null for the site's own
 * @param state after a refused post: the id typed and what is wrong; null for a fresh form
 */
export function clientPage(
  callbackUrl: string,
  chosenClientId: string | null,
  state: ClientFormState | null = null,
): SafeHtml {
  const errors = state?.errors ?? {};
  const invalid = (error: string | undefined, id: string) =>
    error === undefined ? html`` : html` aria-invalid="true" aria-describedby="${id}-error"`;
  const summary =
    state === null ? '' : html`<p role="alert">This client cannot be used: correct the fields below.</p>`;
  const now =
    chosenClientId === null
      ? html`<p>This site signs in as its own client <code>${PARTNER_SITE_CLIENT.clientId}</code> now.</p>`
      : html`<p><strong>Signing in as client ${chosenClientId}</strong></p>
          ${resetClientForm()}`;
  return layout(
    'Partner community — use another client',
    html`<h1>Use another client</h1>
      <p>
        The site can sign players in as another client of the Guildgate hub, as an OAuth developer sandbox
        does. Register a confidential client at the hub (the operator console's partner clients, or
        <code>npm run clients -- register</code>) with the redirect URI <code>${callbackUrl}</code>, then
        enter its id and secret here.
      </p>
      <p class="muted">
        They stay in this browser's session on this site only, and are forgotten when you sign out or use the
        site's own client again. Changing the client signs you out of this site.
      </p>
      ${now}
      <h2>Client to use</h2>
      ${summary}
      <form method="post" action="${CLIENT_PAGES.choose}">
        ${formField(
          'client-id',
          'Client id',
          html`<input
            id="client-id"
            name="client_id"
            type="text"
            required
            maxlength="128"
            autocomplete="off"
            autocapitalize="none"
            spellcheck="false"
            value="${state?.clientId ?? ''}"
            ${invalid(errors.clientId, 'client-id')}
          />`,
          errors.clientId,
        )}
        ${formField(
          'client-secret',
          'Client secret',
          html`<input
            id="client-secret"
            name="client_secret"
            type="password"
            required
            maxlength="512"
            autocomplete="off"
            ${invalid(errors.clientSecret, 'client-secret')}
          />`,
          errors.clientSecret,
        )}
        <button type="submit">Use this client</button>
      </form>
      <p><a href="${SITE_PAGES.home}">Back to the community</a></p>`,
  );
}

/** The page of a form posted to the site from another site's page (403). */
export function refusedPage(): SafeHtml {
  return layout(
    'Partner community — request refused',
    html`<h1>Request refused</h1>
      <p role="alert">This form can only be sent from this site's own pages.</p>
      <p><a href="${SITE_PAGES.home}">Back to the community</a></p>`,
  );
}

/** The date part (YYYY-MM-DD) of an ISO 8601 time, or the text itself when it is not one. */
function dateOf(iso: string): string {
  return /^\d{4}-\d{2}-\d{2}/.test(iso) ? iso.slice(0, 10) : iso;
}

/** A badge's name as players read it ('Profiler' → 'Profiler Badge'). */
function badgeLabel(name: string): string {
  return `${name} Badge`;
}

/** The list of `profile`'s badges, or a line saying there is none yet. */
function badgeList(profile: HubProfile): SafeHtml {
  if (profile.badges.length === 0) return html`<p>No badges yet.</p>`;
  return html`<ul>
    ${profile.badges.map(
      (badge) =>
        html`<li><strong>${badgeLabel(badge.name)}</strong>, earned on ${dateOf(badge.awardedAt)}</li>`,
    )}
  </ul>`;
}

/** Links of the signed-in pages: the other page, the player's account at the hub, the home page. */
function pageLinks(hubUrl: string, other: 'profile' | 'rewards'): SafeHtml {
  return html`<ul>
    <li>
      ${
        other === 'profile'
          ? html`<a href="${SITE_PAGES.profile}">My profile</a>`
          : html`<a href="${SITE_PAGES.rewards}">My rewards</a>`
      }
    </li>
    <li><a href="${hubUrl}/account">My Guildgate account</a></li>
    <li><a href="${SITE_PAGES.home}">Back to the community</a></li>
  </ul>`;
}

/**
 * The signed-in player's profile (the portal's "View my profile", `<front url>/profile`): username,
 * titles, member since, player id and badges.
 * @param profile the hub's answer, or null when the hub could not be asked (then `notice` says so)
 */
export function profilePage(
  hubUrl: string,
  player: Pick<SitePlayer, 'idUser' | 'username'>,
  profile: HubProfile | null,
  notice: string | null = null,
): SafeHtml {
  const status = notice ? html`<p role="status">${notice}</p>` : '';
  const details = profile
    ? html`<dl class="meta">
          <dt>Titles</dt>
          <dd>${profile.titleName || 'None'}</dd>
          <dt>Member since</dt>
          <dd>${dateOf(profile.createdAt)}</dd>
          <dt>Player id (Id_User)</dt>
          <dd><code>${profile.idUser}</code></dd>
        </dl>
        <h2>Badges</h2>
        ${badgeList(profile)}`
    : '';
  return layout(
    'Partner community — profile',
    html`<h1>${profile?.username ?? player.username}</h1>
      ${status} ${details}
      <h2>More</h2>
      ${pageLinks(hubUrl, 'rewards')}`,
  );
}

/**
 * The signed-in player's rewards (`<front url>/profile/me/rewards`): the badges earned, and the
 * Profiler Badge of the portal's survey while it is still to earn, with the way to the survey.
 * @param profile the hub's answer, or null when the hub could not be asked (then `notice` says so)
 */
export function rewardsPage(
  hubUrl: string,
  profile: HubProfile | null,
  notice: string | null = null,
): SafeHtml {
  const status = notice ? html`<p role="status">${notice}</p>` : '';
  const earned = profile?.badges.some((badge) => badge.name === PROFILER_BADGE) ?? false;
  const body = profile
    ? html`<h2>Badges earned</h2>
        ${badgeList(profile)}
        <h2>Badges to earn</h2>
        ${
          earned
            ? html`<p>You have earned every badge on offer.</p>`
            : html`<p>
                  <strong>${badgeLabel(PROFILER_BADGE)}</strong>: answer the ten questions of the profiler
                  survey at Guildgate (a linked Steam account is needed).
                </p>
                <p><a href="${hubUrl}/survey">Take the profiler survey</a></p>`
        }`
    : '';
  return layout(
    'Partner community — rewards',
    html`<h1>My rewards</h1>
      ${status} ${body}
      <h2>More</h2>
      ${pageLinks(hubUrl, 'profile')}`,
  );
}

/** The page of a sign-in that did not complete, with the reason and a way to try again. */
export function signInFailedPage(detail: string): SafeHtml {
  return layout(
    'Partner community — sign-in failed',
    html`<h1>Sign-in failed</h1>
      <p role="alert">${detail}</p>
      ${signInForm('Try again')}
      <p><a href="/partner/">Back to the community</a></p>`,
  );
}

/**
 * Sends `page` with the sandbox's security headers, no caching (pages are per player), and a
 * `form-action` that allows the hub: browsers apply it to the redirect that follows a form submission.
 */
export function sendSitePage(
  reply: FastifyReply,
  page: SafeHtml,
  hubUrl: string,
  statusCode = 200,
): FastifyReply {
  return sendPage(reply, page, statusCode, {
    formTargets: [new URL(hubUrl).origin],
    images: 'data:',
    frameAncestors: "'none'",
    noStore: true,
  });
}
