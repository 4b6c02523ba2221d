/**
 * Pages of the sandbox partner community site (DESIGN.md §1 "a small partner community site that signs
 * players in through the hub"): the home page, signed out ('Sign in') or signed in ('Signed in as …',
 * 'Sign out'), and the page of a failed sign-in. Built with `shared/html.ts` (everything escaped) and
 * `shared/layout.ts`; sent with a policy that lets the Sign in form lead to the hub.
 */
import type { FastifyReply } from 'fastify';
import { html, type SafeHtml } from '../shared/html.ts';
import { layout, sendPage } from '../shared/layout.ts';
import type { SitePlayer } from './site-sessions.ts';

/** The site's name, the heading of its home page. */
export const SITE_NAME = 'Guildgate partner community (sandbox)';

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

/**
 * The home page.
 * @param player the signed-in player, or null
 * @param notice a message about the session (e.g. the hub ended it), shown as a status
 */
export function homePage(hubUrl: string, player: HomePlayer | null, notice: string | null = null): SafeHtml {
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
      <code>sandbox-partner-site</code>, authorization code flow with PKCE): <code>GET /oauth</code> on the
      portal, <code>POST /api/oauth/token</code>, then <code>GET /api/token/verify</code> and
      <code>GET /api/token/refresh</code> with its client id.
    </p>`;
  return layout('Partner community', html`${body}${about}`);
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
