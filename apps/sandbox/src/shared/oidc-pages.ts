/**
 * Pages of a sandbox identity provider (DESIGN.md §1 "each simulator has a page a person can click
 * through"; `oidc-party.ts`): the start page describing the provider, the approve page of an
 * authorization request, and the accounts' avatars (small SVG images).
 */
import { createHash } from 'node:crypto';
import { html, type SafeHtml } from './html.ts';
import { layout } from './layout.ts';
import { LOOPBACK_REDIRECT_HOSTS, type OidcPartyClient } from './oidc-provider.ts';

/** A person who can sign in at a sandbox identity provider. */
export interface OidcAccount {
  /** Stable subject identifier (`sub`), e.g. "41000001". */
  readonly id: string;
  /** Login name in lower case, e.g. "sandboxstreamer". */
  readonly login: string;
  /** Name shown to people, e.g. "SandboxStreamer". */
  readonly displayName: string;
}

/** An endpoint listed on the start page besides the OpenID Connect ones. */
export interface OidcExtraEndpoint {
  /** e.g. "GET". */
  readonly method: string;
  /** Absolute URL or path, e.g. "/twitch/helix/users". */
  readonly url: string;
  readonly description: string;
}

/** What the start page shows. */
export interface OidcStartPage {
  readonly name: string;
  /** Paragraph under the title. */
  readonly intro: string;
  readonly issuer: string;
  readonly clients: readonly OidcPartyClient[];
  /** Redirect URI rule, in words. */
  readonly redirectRule: string;
  readonly scopes: Readonly<Record<string, readonly string[]>>;
  readonly accounts: readonly OidcAccount[];
  readonly avatarUrl: (account: OidcAccount) => string;
  readonly extraEndpoints: readonly OidcExtraEndpoint[];
  /** Shown after the accounts table (e.g. the test accounts' passwords), when given. */
  readonly accountNotes?: SafeHtml;
}

/** The start page of a provider (`GET <prefix>`). */
export function renderStartPage(page: OidcStartPage): SafeHtml {
  const endpoint = (label: string, url: string) =>
    html`<dt>${label}</dt>
      <dd><code>${url}</code></dd>`;
  const extra = page.extraEndpoints.map((item) => endpoint(`${item.method} — ${item.description}`, item.url));
  const clients = page.clients.map(
    (client) =>
      html`<tr>
        <td data-label="Client id"><code>${client.clientId}</code></td>
        <td data-label="Secret"><code>${client.clientSecret}</code></td>
        <td data-label="Name">${client.name}</td>
      </tr>`,
  );
  const accounts = page.accounts.map(
    (account) =>
      html`<tr>
        <td data-label="Avatar"><img src="${page.avatarUrl(account)}" alt="" width="32" height="32" /></td>
        <td data-label="Display name">${account.displayName}</td>
        <td data-label="Login">${account.login}</td>
        <td data-label="Id (sub)"><code>${account.id}</code></td>
      </tr>`,
  );
  const scopes = Object.entries(page.scopes).map(
    ([scope, claims]) =>
      html`<dt><code>${scope}</code></dt>
        <dd>${claims.length > 0 ? claims.join(', ') : 'no claims of its own'}</dd>`,
  );
  const body = html`<h1>${page.name}</h1>
    <p>${page.intro}</p>
    <h2>Endpoints</h2>
    <dl class="meta">
      ${endpoint('Issuer', page.issuer)}
      ${endpoint('Discovery', `${page.issuer}/.well-known/openid-configuration`)}
      ${endpoint('Authorization', `${page.issuer}/auth`)} ${endpoint('Token', `${page.issuer}/token`)}
      ${endpoint('User info', `${page.issuer}/me`)} ${endpoint('Keys (JWKS)', `${page.issuer}/jwks`)} ${extra}
    </dl>
    <h2>Scopes and claims</h2>
    <dl class="meta">${scopes}</dl>
    <h2>Clients</h2>
    <p>${page.redirectRule}</p>
    <table class="stack">
      <caption class="muted">
        Token endpoint authentication: client_secret_basic or client_secret_post; PKCE (S256) optional.
      </caption>
      <thead>
        <tr>
          <th scope="col">Client id</th>
          <th scope="col">Secret</th>
          <th scope="col">Name</th>
        </tr>
      </thead>
      <tbody>
        ${clients}
      </tbody>
    </table>
    <h2>Accounts</h2>
    <table class="stack">
      <caption class="muted">
        Demo accounts, and those created at sign-in since the sandbox started
      </caption>
      <thead>
        <tr>
          <th scope="col">Avatar</th>
          <th scope="col">Display name</th>
          <th scope="col">Login</th>
          <th scope="col">Id (sub)</th>
        </tr>
      </thead>
      <tbody>
        ${accounts}
      </tbody>
    </table>
    ${page.accountNotes ?? null}`;
  return layout(page.name, body);
}

/**
 * Page CSP widened for the approve page: after the form is posted, the browser follows redirects to the
 * client's loopback redirect URI, which `form-action 'self'` would block.
 */
export const APPROVE_CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  'img-src * data:',
  `form-action 'self' ${LOOPBACK_REDIRECT_HOSTS.map((host) => `http://${host}:*`).join(' ')}`,
  "base-uri 'none'",
  "frame-ancestors 'self'",
].join('; ');

/** What every interaction page (approve page, or a party's own sign-in page) is told. */
export interface OidcInteractionPage {
  readonly partyName: string;
  readonly clientName: string;
  /** Where the page's forms post, e.g. "/twitch/interaction/<uid>". */
  readonly action: string;
  /** Requested scopes, e.g. ["openid"]. */
  readonly scopes: readonly string[];
}

/** A posted form's fields by name, first value of each; a field the form did not post is absent. */
export type OidcFormFields = Readonly<Partial<Record<string, string>>>;

/** A refused post of an interaction form: the message to announce and the posted fields (first values). */
export interface OidcFormFailure {
  readonly error: string;
  readonly form: OidcFormFields;
}

/** What a party's own sign-in page decides from a posted form (see {@link OidcSignIn}). */
export type OidcSignInOutcome =
  { readonly account: OidcAccount } | { readonly cancel: true } | { readonly error: string };

/**
 * A party's own sign-in page replacing the account chooser (e.g. a username and password form). Its forms
 * post to `OidcInteractionPage.action`; `decide` gets the posted fields and says which account signs in
 * (consent is then implicit), that the user cancelled (`access_denied`), or an error: the page is then
 * rendered again with `failure` and HTTP 400.
 */
export interface OidcSignIn {
  /** The page of an interaction (sent with 200, or with 400 when `failure` is given). */
  render(page: OidcInteractionPage & { readonly failure?: OidcFormFailure }): SafeHtml;
  /** The outcome of a posted form (fields by name, first value each); may create the account. */
  decide(form: OidcFormFields): OidcSignInOutcome | Promise<OidcSignInOutcome>;
}

/** What the approve page shows. */
export interface OidcApprovePage extends OidcInteractionPage {
  readonly accounts: readonly OidcAccount[];
  /** Account selected at first (the signed-in one, else the first). */
  readonly selectedId?: string;
  /** Rule of the username field, in words. */
  readonly usernameRule: string;
  /** Value to put back in the username field (after an error). */
  readonly username?: string;
  /** Message above the form (with HTTP 400). */
  readonly error?: string;
}

/**
 * The approve page: "<party> wants to sign you in to <client>", the accounts as radio buttons, an optional
 * username creating a fresh account, and the buttons "Authorize" and "Cancel" (form field `decision` =
 * `authorize` | `cancel`, `account` = an account id, `username`).
 */
export function renderApprovePage(page: OidcApprovePage): SafeHtml {
  const selected = page.selectedId ?? page.accounts[0]?.id;
  const radios = page.accounts.map(
    (account) =>
      html`<div>
        <input
          type="radio"
          name="account"
          id="account-${account.id}"
          value="${account.id}"
          style="min-width: 0"
          ${account.id === selected ? html`checked` : null}
        />
        <label for="account-${account.id}" style="display: inline; font-weight: normal"
          >${account.displayName} (${account.login}, id ${account.id})</label
        >
      </div>`,
  );
  const title = `${page.partyName} wants to sign you in to ${page.clientName}`;
  const body = html`<h1>${title}</h1>
    <p>
      Requested scopes:
      ${page.scopes.map((scope, index) => html`${index > 0 ? ', ' : ''}<code>${scope}</code>`)}
    </p>
    ${page.error ? html`<p role="alert"><strong>${page.error}</strong></p>` : null}
    <form method="post" action="${page.action}">
      <fieldset>
        <legend>Sign in as</legend>
        ${radios}
      </fieldset>
      <p>
        <label for="username">Username</label>
        <input
          type="text"
          id="username"
          name="username"
          autocomplete="off"
          aria-describedby="username-hint"
          value="${page.username ?? ''}"
        />
        <span id="username-hint" class="muted"
          >Optional: a new account with this name instead of the one chosen above. ${page.usernameRule}</span
        >
      </p>
      <div class="toolbar">
        <button type="submit" name="decision" value="authorize">Authorize</button>
        <button type="submit" name="decision" value="cancel" class="secondary">Cancel</button>
      </div>
    </form>`;
  return layout(title, body);
}

/** A page saying the sign-in cannot go on (e.g. an expired or unknown interaction). */
export function renderErrorPage(partyName: string, message: string): SafeHtml {
  return layout(
    `${partyName} sign-in error`,
    html`<h1>${partyName}: this sign-in cannot go on</h1>
      <p role="alert"><strong>${message}</strong></p>
      <p>Start again from the site that sent you here.</p>`,
  );
}

/**
 * A 64×64 SVG avatar for an account: its initial on a colour derived from its id (deterministic: the same
 * account always gets the same image).
 */
export function avatarSvg(account: OidcAccount): string {
  const hue = createHash('sha256').update(account.id).digest().readUInt16BE(0) % 360;
  const initial = (account.displayName.trim().charAt(0) || '?').toUpperCase();
  const svg = html`<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">
    <rect width="64" height="64" rx="8" fill="hsl(${hue}, 55%, 35%)" />
    <text x="32" y="42" font-family="sans-serif" font-size="30" text-anchor="middle" fill="#fff">
      ${initial}
    </text>
  </svg>`;
  return svg.value;
}
