/**
 * One partner studio's sandbox identity provider (DESIGN.md §1 "the partner studios' identity providers
 * for CREATIVE-ASSEMBLY and FOCUS (real OpenID Connect providers, built with `oidc-provider`)"), on the
 * shared helper `../shared/oidc-party.ts` with a login form (`login-page.ts`) instead of the account
 * chooser, and accounts with passwords (`accounts.ts`). `index.ts` builds the two studios with it.
 *
 * Scopes → claims: `openid` → `sub` (the numeric SSO id as a string); `profile` → `preferred_username`,
 * `name`; `email` → `email`, `email_verified` (boolean); in the ID token and at userinfo. Consent is
 * implicit once signed in. Redirect URIs: loopback hosts, any port, path {@link PARTNER_CALLBACK_PATH}.
 */
import type { SandboxContext, SandboxParty } from '../party.ts';
import { html } from '../shared/html.ts';
import { oidcParty, type OidcSignIn, type OidcSignInOutcome } from '../shared/oidc-party.ts';
import {
  oidcAccountOf,
  partnerAccountIdFor,
  partnerClaims,
  PARTNER_USERNAME,
  PartnerAccountStore,
  type IdRange,
  type PartnerTestAccount,
} from './accounts.ts';
import { renderLoginPage } from './login-page.ts';

/** Path a client's redirect URI must have: the portal's partner login callback (spec §2 /oauth/partner). */
export const PARTNER_CALLBACK_PATH = '/oauth/partner';

/** Message of a refused sign-in (HTTP 400), whichever part was wrong. */
export const WRONG_CREDENTIALS = 'Wrong username or password.';

/** OIDC scope → the claims it releases. */
export const PARTNER_SCOPES = {
  openid: ['sub'],
  profile: ['preferred_username', 'name'],
  email: ['email', 'email_verified'],
} as const satisfies Record<string, readonly string[]>;

/** What differs between the studios. */
export interface PartnerStudio {
  /** Key used in ids and hashes, e.g. "creative-assembly". */
  readonly key: string;
  /** Path prefix and issuer path, e.g. "/partner-idp/creative-assembly". */
  readonly prefix: string;
  /** Provider name, e.g. "Creative Assembly ID". */
  readonly name: string;
  /** Studio name, e.g. "Creative Assembly". */
  readonly studio: string;
  /** Client id → secret. */
  readonly clients: Readonly<Record<string, string>>;
  readonly testAccounts: readonly PartnerTestAccount[];
  /** Ids of fresh accounts. */
  readonly idRange: IdRange;
}

/**
 * The studio's sign-on cookie on the main domain, e.g. `_g2g_partner_focus_` for "Focus": the name the
 * portal's log-out answers as CookieName (spec §4 Logout; the API's `partnerCookieName`).
 */
export function partnerSsoCookie(studioName: string): string {
  return `_g2g_partner_${studioName.toLowerCase().replace(/[^a-z0-9]+/g, '_')}_`;
}

/** The login form's decisions over the studio's accounts (see `login-page.ts` for the fields). */
function loginForm(store: PartnerAccountStore): OidcSignIn {
  return {
    render: renderLoginPage,
    decide: (form): OidcSignInOutcome => {
      if (form.decision === 'cancel') return { cancel: true };
      if (form.decision === 'create') {
        const created = store.create({
          username: form.username ?? '',
          email: form.email ?? '',
          emailVerified: form.email_verified !== undefined,
          password: form.password ?? '',
        });
        return 'error' in created ? created : { account: oidcAccountOf(created) };
      }
      const account = store.verify(form.username ?? '', form.password ?? '');
      return account ? { account: oidcAccountOf(account) } : { error: WRONG_CREDENTIALS };
    },
  };
}

/** The start page's table of the fixed test accounts, with their passwords. */
function testAccountNotes(studio: PartnerStudio) {
  const rows = studio.testAccounts.map(
    (account) =>
      html`<tr>
        <td data-label="Username"><code>${account.username}</code></td>
        <td data-label="Email">${account.email}</td>
        <td data-label="Email verified">${account.emailVerified ? 'yes' : 'no'}</td>
        <td data-label="Password"><code>${account.password}</code></td>
        <td data-label="SSO id (sub)"><code>${account.id}</code></td>
      </tr>`,
  );
  return html`<h2>Test accounts</h2>
    <table class="stack">
      <caption class="muted">
        Sign in with the username or the email and the password. Fresh accounts (with or without a verified
        email) can be made with "Create a test account" on the sign-in page; their id is a number from
        ${studio.idRange.first} to ${studio.idRange.last} derived from the username.
      </caption>
      <thead>
        <tr>
          <th scope="col">Username</th>
          <th scope="col">Email</th>
          <th scope="col">Email verified</th>
          <th scope="col">Password</th>
          <th scope="col">SSO id (sub)</th>
        </tr>
      </thead>
      <tbody>
        ${rows}
      </tbody>
    </table>`;
}

/**
 * The identity-provider party of `studio` (start page at `studio.prefix`, issuer
 * `${context.publicUrl()}${studio.prefix}`). Accounts live in memory for the party's lifetime.
 */
export function partnerIdpParty(context: SandboxContext, studio: PartnerStudio): SandboxParty {
  const store = new PartnerAccountStore(studio.key, studio.idRange, studio.testAccounts);
  return oidcParty(context, {
    prefix: studio.prefix,
    name: studio.name,
    description: `${studio.studio}'s identity provider stand-in (${studio.name}): OpenID Connect sign-in with a username and password, and test accounts.`,
    clients: Object.entries(studio.clients).map(([clientId, clientSecret]) => ({
      clientId,
      clientSecret,
      name: `Guildgate (${clientId.split('-')[1]})`,
    })),
    redirectPaths: [PARTNER_CALLBACK_PATH],
    demoAccounts: studio.testAccounts.map(oidcAccountOf),
    accountIdFor: (login) => partnerAccountIdFor(studio.key, login, studio.idRange),
    username: PARTNER_USERNAME,
    scopes: PARTNER_SCOPES,
    claims: (account) => {
      const found = store.get(account.id);
      return found ? partnerClaims(found) : {};
    },
    texts: {
      intro: `A stand-in for ${studio.studio}'s own player accounts (${studio.name}), the OpenID Connect provider through which Guildgate's ${studio.studio} site signs players in. Its sign-in page asks for a username (or email) and a password; nothing leaves this machine.`,
      accountNotes: testAccountNotes(studio),
    },
    signIn: loginForm(store),
    ssoCookie: partnerSsoCookie(studio.studio),
  });
}
