/**
 * Every rule of the spec §2 route table in one pure module (DESIGN.md §6 "Route guards implement every
 * rule of the spec's route table"). `decideRoute` answers, for a path, the environment, the flags, the
 * session and the query: render the page, wait (the session is still being restored), or go elsewhere.
 * The `RouteRules` guard (guards.tsx) applies it on every navigation; the router takes titles from here.
 *
 * Order of the checks (first that applies wins):
 *   1. environment (page exists only in some environments, or goes Home in the partner environments);
 *   2. feature flag (a disabled section goes to its fallback);
 *   3. session (anonymous-only pages send a logged-in player on; login pages send an anonymous one away);
 *   4. partner sign-on (Login / Register in CREATIVE-ASSEMBLY and FOCUS);
 *   5. held access key (Register when register-with-access-keys is on);
 *   6. required query parameter (else BadRequestError).
 *
 * | Path                                   | Title key                  | Env rule        | Flag rule (→ fallback)                    | Session      | Other                  |
 * |----------------------------------------|----------------------------|-----------------|-------------------------------------------|--------------|------------------------|
 * | /                                      | titles.home                |                 |                                           | anonymous*   |                        |
 * | /access-key                            | titles.accessKey           |                 | registerWithAccessKeys off → /register    | public       |                        |
 * | /login                                 | titles.login               |                 |                                           | anonymous*   | partner login redirect |
 * | /oauth                                 | –                          |                 |                                           | public       |                        |
 * | /oauth/partner                         | –                          |                 |                                           | public       |                        |
 * | /oauth/consent                         | titles.consent             |                 |                                           | login+return | needs uid              |
 * | /oauth/partner/register(/confirm)      | titles.partnerRegister     |                 |                                           | public       |                        |
 * | /register                              | titles.register            |                 |                                           | anonymous*   | partner register; key  |
 * | /register/confirm                      | titles.confirmRegister     |                 |                                           | public       |                        |
 * | /register/validate                     | titles.registerValidate    | 2-point only    |                                           | public       |                        |
 * | /password-recovery(/sent, /reset)      | titles.passwordRecovery…   | partner → Home  |                                           | public       | reset needs token      |
 * | /account                               | titles.myInformation       |                 |                                           | login → Home |                        |
 * | /account/link-account                  | titles.connections         |                 | connectionsSection off → /account         | login+return |                        |
 * | /account/connected-sites                | titles.connectedSites      |                 |                                           | login+return |                        |
 * | /account/security                      | titles.security            |                 | securitySessions, securityActivity, authenticatorApp and passkeys off → /account | login+return |  |
 * | /account/newsletter                    | titles.newsletter          |                 | connectionsSection off → /account (§2!)   | login+return |                        |
 * | /account/cookies                       | titles.cookies             |                 | customCookieManagement on → /account      | login+return |                        |
 * | /account/your-data                     | titles.yourData            |                 | dataExport off → /account                 | login+return |                        |
 * | /admin, /admin/… (issue 24)            | titles.admin               |                 |                                           | login+return | staff only (API)       |
 * | /account/deletion-request              | titles.deletionRequest     |                 | deletionSection off → /account            | login+return |                        |
 * | /account/blocked-users-management      | titles.blockedUsers        |                 |                                           | login+return |                        |
 * | /account/logout                        | titles.logout              |                 |                                           | public       | (page handles it)      |
 * | /account/update-email                  | titles.updateEmail         | partner → Home† |                                           | login+return |                        |
 * | /account/update-email/confirm          | –                          | partner → Home  |                                           | public‡      | needs uid              |
 * | /account/update-email/recovery         | –                          | partner → Home  |                                           | public‡      | needs uid              |
 * | /account/update-email/success          | titles.updateEmailSuccess  | partner → Home  |                                           | public‡      |                        |
 * | /account/update-username               | titles.updateUsername      | partner → Home  |                                           | login+return |                        |
 * | /account/reset-password                | titles.accountPasswordReset| partner → Home  |                                           | login+return |                        |
 * | /deletion/confirm                      | titles.deletionConfirm     |                 |                                           | public       |                        |
 * | /confirm-email                         | titles.confirmEmail        |                 |                                           | public       | needs uid              |
 * | /confirm-email/send                    | titles.sendConfirmation    |                 |                                           | public       |                        |
 * | /{steam,twitch,epic-games}/{callback,link,unlink} | –               |                 |                                           | login+return |                        |
 * | /survey, /survey/qualification(/confirm) | titles.survey…           |                 |                                           | login+return |                        |
 * | /unsubscribe                           | titles.unsubscribe         |                 |                                           | public       |                        |
 * | /secure-account                        | titles.secureAccount       |                 | securityAlerts off → Home                 | public‡      |                        |
 * | /unverified-account                    | titles.unverifiedAccount   |                 |                                           | public       |                        |
 * | /errors, /errors/bad-request, …        | titles.error…              |                 |                                           | public       |                        |
 * | anything else                          | titles.notFound            |                 |                                           | public       | NotFoundError page     |
 *
 * anonymous* — a logged-in player is sent to the permitted redirect or /account (spec §4 Session).
 * login → Home — spec §2 Account dashboard "when not logged in on /account paths the user goes Home".
 * login+return — spec §6 "Unauthenticated users on these pages are redirected to login (with a return
 *   path)": /login?redirectUrl=<path and query>. Used for every page §6 lists (update email, username,
 *   password, survey, connections, deletion, blocked users, newsletter, cookies) and the linking pages
 *   (spec §2: "with no token it sends the user to login").
 * † spec §2 My information: partner environments cannot update the e-mail, so the page goes Home there
 *   too (the table names only its three sub-pages).
 * ‡ e-mailed link pages: the uid is the secret, like /confirm-email; no session is required.
 */
import {
  ENVIRONMENT_BEHAVIOUR,
  type Environment,
  type EnvironmentBehaviour,
  type FeatureFlags,
} from '@guildgate/contracts';

/** What the guard knows of the session. 'establishing': a log-in is being turned into a session. */
export type SessionKnowledge = 'unknown' | 'establishing' | 'anonymous' | 'authenticated';

/** Inputs of a decision. */
export interface RouteContext {
  environment: Environment;
  features: FeatureFlags;
  session: SessionKnowledge;
  /** The page query. */
  query: URLSearchParams;
  /** A non-empty validated access key is held (spec §2 /register). */
  hasAccessKey: boolean;
}

/** What the guard does. */
export type RouteDecision =
  | { action: 'render' }
  | { action: 'wait' }
  | { action: 'redirect'; to: string }
  /** A logged-in player on an anonymous page: the permitted redirect, else /account (spec §4). */
  | { action: 'after-login' }
  /** CREATIVE-ASSEMBLY / FOCUS: fetch the partner login or register URL and leave (spec §2). */
  | { action: 'partner-login' }
  | { action: 'partner-register' };

/** Who may see a page. */
export type SessionRule = 'public' | 'anonymous-only' | 'login-home' | 'login-return';

/** One row of the route table. */
export interface RouteRule {
  path: string;
  /** i18n key of the route title (spec §2 page titles); none → the default title. */
  title?: string;
  session: SessionRule;
  /** The page exists only where this field of the environment's behaviour (contracts) is true; elsewhere → Home. */
  onlyWhere?: Exclude<keyof EnvironmentBehaviour, 'partnerKey'>;
  /** In CREATIVE-ASSEMBLY and FOCUS → Home. */
  homeInPartner?: boolean;
  /** When the flag test fails → `fallback` (keeping the query when `keepQuery`). */
  flag?: { enabled: (features: FeatureFlags) => boolean; fallback: string; keepQuery?: boolean };
  /** In CREATIVE-ASSEMBLY and FOCUS, go to the partner's sign-on. */
  partner?: 'partner-login' | 'partner-register';
  /** Needs a held access key when registerWithAccessKeys is on (else → /access-key). */
  needsAccessKey?: boolean;
  /** A query parameter without which the request is bad (spec §5 Other, §8 "Missing uid … 400"). */
  requiredQuery?: string;
  /** The rule also covers every path below `path` (the operator console's pages, issue 24). */
  subpaths?: boolean;
}

const PARTNER_HOME = { homeInPartner: true } as const;
const LINKING: RouteRule[] = ['steam', 'twitch', 'epic-games'].flatMap((provider) =>
  ['callback', 'link', 'unlink'].map((step) => ({
    path: `/${provider}/${step}`,
    session: 'login-return' as const,
  })),
);

/** The spec §2 route table. */
export const ROUTE_RULES: readonly RouteRule[] = [
  { path: '/', title: 'titles.home', session: 'anonymous-only' },
  {
    path: '/access-key',
    title: 'titles.accessKey',
    session: 'public',
    flag: { enabled: (f) => f.registerWithAccessKeys, fallback: '/register', keepQuery: true },
  },
  { path: '/login', title: 'titles.login', session: 'anonymous-only', partner: 'partner-login' },
  { path: '/oauth', session: 'public' },
  { path: '/oauth/partner', session: 'public' },
  // Issue 21 §3: a third-party site's request, allowed or denied by the player of the portal session.
  { path: '/oauth/consent', title: 'titles.consent', session: 'login-return', requiredQuery: 'uid' },
  { path: '/oauth/partner/register', title: 'titles.partnerRegister', session: 'public' },
  { path: '/oauth/partner/register/confirm', title: 'titles.partnerRegister', session: 'public' },
  {
    path: '/register',
    title: 'titles.register',
    session: 'anonymous-only',
    partner: 'partner-register',
    needsAccessKey: true,
  },
  { path: '/register/confirm', title: 'titles.confirmRegister', session: 'public' },
  {
    path: '/register/validate',
    title: 'titles.registerValidate',
    session: 'public',
    onlyWhere: 'registerValidatePage',
  },
  { path: '/password-recovery', title: 'titles.passwordRecovery', session: 'public', ...PARTNER_HOME },
  {
    path: '/password-recovery/sent',
    title: 'titles.passwordRecoverySent',
    session: 'public',
    ...PARTNER_HOME,
  },
  {
    path: '/password-recovery/reset',
    title: 'titles.passwordReset',
    session: 'public',
    requiredQuery: 'token',
    ...PARTNER_HOME,
  },
  { path: '/account', title: 'titles.myInformation', session: 'login-home' },
  {
    path: '/account/link-account',
    title: 'titles.connections',
    session: 'login-return',
    flag: { enabled: (f) => f.connectionsSection, fallback: '/account' },
  },
  // Issue 21 §4: the sites the player granted through the OpenID Provider.
  { path: '/account/connected-sites', title: 'titles.connectedSites', session: 'login-return' },
  // Issue 22 §1, §3, §5, §7: the authenticator app, passkeys, where the player is signed in and their
  // recent activity, each section behind its flag.
  {
    path: '/account/security',
    title: 'titles.security',
    session: 'login-return',
    flag: {
      enabled: (f) => f.securitySessions || f.securityActivity || f.authenticatorApp || f.passkeys,
      fallback: '/account',
    },
  },
  {
    // spec §2: "Same guard, tied to the connections flag" — implemented literally.
    path: '/account/newsletter',
    title: 'titles.newsletter',
    session: 'login-return',
    flag: { enabled: (f) => f.connectionsSection, fallback: '/account' },
  },
  {
    path: '/account/cookies',
    title: 'titles.cookies',
    session: 'login-return',
    flag: { enabled: (f) => !f.customCookieManagement, fallback: '/account' },
  },
  {
    // Issue 22 §8: Download my data.
    path: '/account/your-data',
    title: 'titles.yourData',
    session: 'login-return',
    flag: { enabled: (f) => f.dataExport, fallback: '/account' },
  },
  // Issue 24 (not in spec §2): the operator console, its pages below /admin; the console itself tells
  // staff from players (GET admin/me).
  { path: '/admin', title: 'titles.admin', session: 'login-return', subpaths: true },
  {
    path: '/account/deletion-request',
    title: 'titles.deletionRequest',
    session: 'login-return',
    flag: { enabled: (f) => f.deletionSection, fallback: '/account' },
  },
  { path: '/account/blocked-users-management', title: 'titles.blockedUsers', session: 'login-return' },
  { path: '/account/logout', title: 'titles.logout', session: 'public' },
  { path: '/account/update-email', title: 'titles.updateEmail', session: 'login-return', ...PARTNER_HOME },
  { path: '/account/update-email/confirm', session: 'public', requiredQuery: 'uid', ...PARTNER_HOME },
  { path: '/account/update-email/recovery', session: 'public', requiredQuery: 'uid', ...PARTNER_HOME },
  {
    path: '/account/update-email/success',
    title: 'titles.updateEmailSuccess',
    session: 'public',
    ...PARTNER_HOME,
  },
  {
    path: '/account/update-username',
    title: 'titles.updateUsername',
    session: 'login-return',
    ...PARTNER_HOME,
  },
  {
    path: '/account/reset-password',
    title: 'titles.accountPasswordReset',
    session: 'login-return',
    ...PARTNER_HOME,
  },
  { path: '/deletion/confirm', title: 'titles.deletionConfirm', session: 'public' },
  { path: '/confirm-email', title: 'titles.confirmEmail', session: 'public', requiredQuery: 'uid' },
  { path: '/confirm-email/send', title: 'titles.sendConfirmation', session: 'public' },
  ...LINKING,
  { path: '/survey', title: 'titles.survey', session: 'login-return' },
  { path: '/survey/qualification', title: 'titles.surveyQualification', session: 'login-return' },
  { path: '/survey/qualification/confirm', title: 'titles.surveyDone', session: 'login-return' },
  { path: '/unsubscribe', title: 'titles.unsubscribe', session: 'public' },
  // Issue 22 §6: the "This wasn't me" link of the security alert e-mails (its token is the secret).
  {
    path: '/secure-account',
    title: 'titles.secureAccount',
    session: 'public',
    flag: { enabled: (f) => f.securityAlerts, fallback: '/' },
  },
  // spec §2 Unverified-account page: reached from the partner sign-on, which holds no session yet.
  { path: '/unverified-account', title: 'titles.unverifiedAccount', session: 'public' },
  { path: '/errors', title: 'titles.error', session: 'public' },
  { path: '/errors/bad-request', title: 'titles.badRequest', session: 'public' },
  { path: '/errors/internal', title: 'titles.internal', session: 'public' },
  { path: '/errors/not-found', title: 'titles.notFound', session: 'public' },
];

/** The page a request without its required query parameter goes to (spec §8 generic handler, 400). */
export const BAD_REQUEST_PATH = '/errors/bad-request?message=ERROR_REQUEST_INVALID';

/** `/a/b/` → `/a/b`; `/` stays. */
export function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** The rule of a path, if the table has one (unknown paths show NotFoundError). */
export function ruleFor(pathname: string): RouteRule | undefined {
  const path = normalizePath(pathname);
  return ROUTE_RULES.find(
    (rule) => rule.path === path || (rule.subpaths === true && path.startsWith(`${rule.path}/`)),
  );
}

/** The title key of a route path of the table (the router's `handle.title`). */
export function titleOf(path: string): string | undefined {
  return ruleFor(path)?.title;
}

function withQuery(path: string, query: URLSearchParams): string {
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** The login page with a return path to the current page (spec §6). */
export function loginWithReturn(path: string, query: URLSearchParams): string {
  return `/login?${new URLSearchParams({ redirectUrl: withQuery(path, query) })}`;
}

/**
 * What to do on `pathname` (spec §2 route table; order of the checks in the module comment).
 * @returns render, wait, a redirect, or a partner sign-on action
 */
export function decideRoute(pathname: string, ctx: RouteContext): RouteDecision {
  const rule = ruleFor(pathname);
  if (!rule) return { action: 'render' };
  const behaviour = ENVIRONMENT_BEHAVIOUR[ctx.environment];
  const partner = behaviour.partnerSignOn;

  if (rule.onlyWhere && !behaviour[rule.onlyWhere]) return { action: 'redirect', to: '/' };
  if (rule.homeInPartner && partner) return { action: 'redirect', to: '/' };

  if (rule.flag && !rule.flag.enabled(ctx.features)) {
    const to = rule.flag.keepQuery ? withQuery(rule.flag.fallback, ctx.query) : rule.flag.fallback;
    return { action: 'redirect', to };
  }

  switch (rule.session) {
    case 'anonymous-only':
      if (ctx.session === 'authenticated') return { action: 'after-login' };
      if (ctx.session === 'unknown') return { action: 'wait' };
      break;
    case 'login-home':
    case 'login-return':
      if (ctx.session === 'unknown' || ctx.session === 'establishing') return { action: 'wait' };
      if (ctx.session === 'anonymous') {
        return {
          action: 'redirect',
          to:
            rule.session === 'login-home'
              ? '/'
              : loginWithReturn(rule.subpaths ? normalizePath(pathname) : rule.path, ctx.query),
        };
      }
      break;
    case 'public':
      break;
  }

  if (rule.partner && partner) return { action: rule.partner };

  if (rule.needsAccessKey && ctx.features.registerWithAccessKeys && !ctx.hasAccessKey) {
    return { action: 'redirect', to: withQuery('/access-key', ctx.query) };
  }

  if (rule.requiredQuery && !ctx.query.get(rule.requiredQuery)) {
    return { action: 'redirect', to: BAD_REQUEST_PATH };
  }

  return { action: 'render' };
}
