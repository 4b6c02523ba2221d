/**
 * The Steam stand-in's pages other than the approve page (DESIGN.md §1 "each simulator has a page a person
 * can click through"): the start page, an account's profile page, the error page, and
 * {@link sendSteamPage}, which sends them with the sandbox's security headers.
 */
import type { FastifyReply } from 'fastify';
import { html, type SafeHtml } from '../shared/html.ts';
import { layout, sendPage } from '../shared/layout.ts';
import { SANDBOX_STEAM_DEMO_ACCOUNTS, type SteamAccount } from './accounts.ts';
import { SANDBOX_STEAM_API_KEYS, type SandboxSteamApiKey } from './keys.ts';
import { steamOpenIdUrls } from './openid.ts';

/** What each API key is for, on the start page. */
const KEY_USE: Record<SandboxSteamApiKey, string> = {
  'guildgate-local-steam-key': 'a developer machine (npm start)',
  'guildgate-e2e-steam-key': 'the Playwright end-to-end tests',
  'guildgate-test-steam-key': 'the Vitest tests',
};

/**
 * Sends `page` as `text/html` with the sandbox's security headers (those of `shared/layout.ts`
 * `sendPage`) and `statusCode`. Forms may post to the sandbox and, when given, to `formTargets` (origins
 * such as "http://localhost:8080"): browsers apply `form-action` to the redirect that follows a form post,
 * so the approve page must allow the relying party's origin.
 */
export function sendSteamPage(
  reply: FastifyReply,
  page: SafeHtml,
  statusCode = 200,
  formTargets: readonly string[] = [],
): FastifyReply {
  return sendPage(reply, page, statusCode, { formTargets, noStore: true });
}

/** The error page: title "Steam — <title>", the message in an alert, and a link to the start page. */
export function renderSteamErrorPage(title: string, message: string): SafeHtml {
  return layout(
    `Steam — ${title}`,
    html`<h1>${title}</h1>
      <p role="alert">${message}</p>
      <p><a href="/steam">About the Steam stand-in</a></p>`,
  );
}

/** The start page, with absolute URLs under `publicUrl`; `accounts` are the demo accounts as named now. */
export function renderSteamStartPage(publicUrl: string, accounts: readonly SteamAccount[]): SafeHtml {
  const urls = steamOpenIdUrls(publicUrl);
  const example = SANDBOX_STEAM_DEMO_ACCOUNTS[0]?.steamid ?? '76561197960287930';
  const api = `${publicUrl}/steam/api/ISteamUser/GetPlayerSummaries/v0002/`;
  const endpoints: Array<[string, string]> = [
    ['OP Identifier (XRDS discovery, what a relying party starts from)', urls.provider],
    ['Claimed identifier of an account (XRDS)', urls.claimedId(example)],
    ['OP Endpoint (checkid_setup / checkid_immediate, POST check_authentication)', urls.login],
    ['Player summaries (Steam Web API)', `${api}?key=guildgate-local-steam-key&steamids=${example}`],
    ['Avatar (SVG)', `${publicUrl}/steam/avatars/${example}.svg`],
    ['Profile page', `${publicUrl}/steam/profiles/${example}/`],
  ];
  const body = html`<h1>Steam</h1>
    <p>
      A stand-in for Steam's OpenID 2.0 provider and the <code>GetPlayerSummaries</code> call of its Web API.
      A relying party sends the player to the OP Endpoint; this sandbox shows an approve page where a person
      picks a demo account (or types any Steam ID) and signs in or cancels. Like Steam, it works in stateless
      mode only: the relying party checks each assertion with <code>check_authentication</code>, which accepts
      it once, within five minutes.
    </p>
    <h2>Endpoints</h2>
    <table class="stack">
      <thead>
        <tr>
          <th scope="col">What</th>
          <th scope="col">URL</th>
        </tr>
      </thead>
      <tbody>
        ${endpoints.map(
          ([what, url]) =>
            html`<tr>
              <td data-label="What">${what}</td>
              <td data-label="URL"><code>${url}</code></td>
            </tr>`,
        )}
      </tbody>
    </table>
    <h2>Demo accounts</h2>
    <p>
      Any Steam ID of 17 digits starting 7656119 exists too; it is called "Player" and its last four digits
      until a persona name is typed for it on the approve page.
    </p>
    <table class="stack">
      <thead>
        <tr>
          <th scope="col">Steam ID</th>
          <th scope="col">Persona name</th>
        </tr>
      </thead>
      <tbody>
        ${accounts.map(
          (account) =>
            html`<tr>
              <td data-label="Steam ID"><code>${account.steamid}</code></td>
              <td data-label="Persona name">
                <a href="/steam/profiles/${account.steamid}/">${account.personaName}</a>
              </td>
            </tr>`,
        )}
      </tbody>
    </table>
    <h2>Web API keys</h2>
    <p>Any other key (or none) gets HTTP 403, as on Steam.</p>
    <table class="stack">
      <thead>
        <tr>
          <th scope="col">Key</th>
          <th scope="col">For</th>
        </tr>
      </thead>
      <tbody>
        ${SANDBOX_STEAM_API_KEYS.map(
          (key) =>
            html`<tr>
              <td data-label="Key"><code>${key}</code></td>
              <td data-label="For">${KEY_USE[key]}</td>
            </tr>`,
        )}
      </tbody>
    </table>`;
  return layout('Steam', body);
}

/** The profile page of `account` (Steam's `profileurl`): avatar, persona name and Steam ID. */
export function renderSteamProfilePage(account: SteamAccount): SafeHtml {
  return layout(
    `Steam — ${account.personaName}`,
    html`<h1>${account.personaName}</h1>
      <p>
        <img src="/steam/avatars/${account.steamid}.svg" width="184" height="184" alt="" />
      </p>
      <dl class="meta">
        <dt>Steam ID</dt>
        <dd><code>${account.steamid}</code></dd>
        <dt>Persona name</dt>
        <dd>${account.personaName}</dd>
      </dl>
      <p><a href="/steam">About the Steam stand-in</a></p>`,
  );
}
