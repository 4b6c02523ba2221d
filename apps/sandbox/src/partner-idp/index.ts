/**
 * The partner studios' identity providers in the sandbox (DESIGN.md §1 "the partner studios' identity
 * providers for CREATIVE-ASSEMBLY and FOCUS (real OpenID Connect providers, built with `oidc-provider`)";
 * spec §1 single sign-on, §2 `/login`, `/oauth/partner`, `/unverified-account`, §3 "SSO id (number), SSO
 * email", §7 `creativeassembly/oauth/partner`, `focus/oauth/partner`): "Creative Assembly ID" and
 * "Focus ID", sandbox stand-ins built by `partner-party.ts`.
 *
 * Routes of each (prefix `/partner-idp/creative-assembly` or `/partner-idp/focus`; issuer
 * `<sandbox public URL><prefix>`):
 * - the provider's own: `<prefix>/.well-known/openid-configuration`, `/auth`, `/token`, `/me` (userinfo),
 *   `/jwks`;
 * - `GET <prefix>` → start page (endpoints, clients, test accounts and their password);
 * - `GET <prefix>/interaction/:uid` → sign-in page (username or email + password, Cancel, "Create a test
 *   account"); `POST` the same path → 303 on to the client (code, or `error=access_denied` for Cancel),
 *   or 400 with the page and an alert ("Wrong username or password.", or what is wrong with a new account);
 * - `GET <prefix>/avatars/<id>.svg` → the account's avatar.
 *
 * Clients (fixed, like the reCAPTCHA keys; secret = `<client id>-secret`; `client_secret_basic` or
 * `client_secret_post`; PKCE S256 verified when sent) accept redirect URIs `http://localhost:<any
 * port>/oauth/partner` and `http://127.0.0.1:<any port>/oauth/partner` only. Claims: `sub` (numeric SSO
 * id), `preferred_username`, `name` (scope `profile`), `email`, `email_verified` (scope `email`).
 */
import type { SandboxContext, SandboxParty } from '../party.ts';
import type { PartnerTestAccount } from './accounts.ts';
import { partnerIdpParty, type PartnerStudio } from './partner-party.ts';

export {
  PARTNER_PASSWORD,
  PARTNER_USERNAME,
  partnerAccountIdFor,
  type PartnerTestAccount,
} from './accounts.ts';
export { PARTNER_CALLBACK_PATH, PARTNER_SCOPES, WRONG_CREDENTIALS } from './partner-party.ts';

/** Password of every fixed test account. */
export const PARTNER_TEST_PASSWORD = 'Partner2024!';

/** Path prefix (and issuer path) of Creative Assembly ID. */
export const CREATIVE_ASSEMBLY_IDP_PREFIX = '/partner-idp/creative-assembly';

/** Path prefix (and issuer path) of Focus ID. */
export const FOCUS_IDP_PREFIX = '/partner-idp/focus';

/** Client id → secret: `local` for a developer's machine, `e2e` for Playwright, `test` for Vitest. */
export const SANDBOX_CREATIVE_ASSEMBLY_CLIENTS = {
  'guildgate-local-creative-assembly': 'guildgate-local-creative-assembly-secret',
  'guildgate-e2e-creative-assembly': 'guildgate-e2e-creative-assembly-secret',
  'guildgate-test-creative-assembly': 'guildgate-test-creative-assembly-secret',
} as const;

/** Client id → secret: `local` for a developer's machine, `e2e` for Playwright, `test` for Vitest. */
export const SANDBOX_FOCUS_CLIENTS = {
  'guildgate-local-focus': 'guildgate-local-focus-secret',
  'guildgate-e2e-focus': 'guildgate-e2e-focus-secret',
  'guildgate-test-focus': 'guildgate-test-focus-secret',
} as const;

/** Creative Assembly ID's fixed accounts: one with a verified e-mail address, one without. */
export const CREATIVE_ASSEMBLY_TEST_ACCOUNTS: readonly PartnerTestAccount[] = [
  {
    id: '7100001',
    username: 'ca-alice',
    email: 'alice@creative-assembly.test',
    emailVerified: true,
    name: 'Alice Aldridge',
    password: PARTNER_TEST_PASSWORD,
  },
  {
    id: '7100002',
    username: 'ca-unverified',
    email: 'unverified@creative-assembly.test',
    emailVerified: false,
    name: 'Uma Unverified',
    password: PARTNER_TEST_PASSWORD,
  },
];

/** Focus ID's fixed accounts: one with a verified e-mail address, one without. */
export const FOCUS_TEST_ACCOUNTS: readonly PartnerTestAccount[] = [
  {
    id: '8200001',
    username: 'focus-bob',
    email: 'bob@focus.test',
    emailVerified: true,
    name: 'Bob Bramble',
    password: PARTNER_TEST_PASSWORD,
  },
  {
    id: '8200002',
    username: 'focus-unverified',
    email: 'unverified@focus.test',
    emailVerified: false,
    name: 'Ursula Unverified',
    password: PARTNER_TEST_PASSWORD,
  },
];

/** Creative Assembly ID: fresh accounts get ids 7200000–7999999. */
export const CREATIVE_ASSEMBLY_STUDIO: PartnerStudio = {
  key: 'creative-assembly',
  prefix: CREATIVE_ASSEMBLY_IDP_PREFIX,
  name: 'Creative Assembly ID',
  studio: 'Creative Assembly',
  clients: SANDBOX_CREATIVE_ASSEMBLY_CLIENTS,
  testAccounts: CREATIVE_ASSEMBLY_TEST_ACCOUNTS,
  idRange: { first: 7_200_000, last: 7_999_999 },
};

/** Focus ID: fresh accounts get ids 8300000–8999999. */
export const FOCUS_STUDIO: PartnerStudio = {
  key: 'focus',
  prefix: FOCUS_IDP_PREFIX,
  name: 'Focus ID',
  studio: 'Focus',
  clients: SANDBOX_FOCUS_CLIENTS,
  testAccounts: FOCUS_TEST_ACCOUNTS,
  idRange: { first: 8_300_000, last: 8_999_999 },
};

/** The "Creative Assembly ID" party (start page `/partner-idp/creative-assembly`) of the sandbox. */
export function creativeAssemblyIdp(context: SandboxContext): SandboxParty {
  return partnerIdpParty(context, CREATIVE_ASSEMBLY_STUDIO);
}

/** The "Focus ID" party (start page `/partner-idp/focus`) of the sandbox. */
export function focusIdp(context: SandboxContext): SandboxParty {
  return partnerIdpParty(context, FOCUS_STUDIO);
}
