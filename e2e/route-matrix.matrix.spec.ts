/**
 * The route matrix (issue 3 acceptance): every route of the spec §2 route table, in every deployment
 * (environment and flag setting of e2e/support/ports.ts), logged out and logged in. For each visit it
 * asserts where the browser lands (final path, the important query, and for the partner sign-on the
 * call that was attempted) and the document title; axe runs once per distinct landing per project.
 *
 * The expectations come from ONE table below (`ROUTES`: route × condition → landing), written from the
 * spec, not from the app's route-rules.ts, so that a missing or wrong rule fails here.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { E2E } from './support/ports.ts';
import { logInDemoPlayer, nodeConfiguration, type NodeConfiguration } from './support/session.ts';

/** What a row's expectation depends on. */
interface Condition {
  environment: string;
  /** CREATIVE-ASSEMBLY and FOCUS (spec §2: partner sign-on, no recovery, no identity updates). */
  partner: boolean;
  twoPoint: boolean;
  flags: Record<string, boolean>;
  loggedIn: boolean;
}

/** Where a visit ends. */
interface Landing {
  path: string;
  title: string;
  /** Query parameters the final address must carry. */
  query?: Record<string, string>;
  /** The partner sign-on call that must have been attempted (spec §2 /login, /register). */
  partnerCall?: { method: 'GET' | 'POST'; path: string };
  /**
   * The visit leaves the portal for this origin (a provider's sign-in page, spec §2 "Link pages start
   * the provider link flow immediately"); `path` is then a prefix of the final path there.
   */
  external?: string;
}

const at = (path: string, title?: string, extra: Partial<Landing> = {}): Landing => ({
  path,
  title: title ? `Account - ${title}` : 'Account',
  ...extra,
});
const HOME = at('/', 'Home');
const INFORMATION = at('/account', 'My information');
const NOT_FOUND = at('/errors/not-found', 'Page not found');
const badRequest = (message: string) => at('/errors/bad-request', 'Bad request', { query: { message } });

const partnerSlug = (c: Condition) => (c.environment === 'FOCUS' ? 'focus' : 'creative-assembly');
/** The partner's sign-in page in the sandbox (spec §1; apps/sandbox/src/partner-idp). */
const partnerSignIn = (c: Condition): Landing => ({
  path: `/partner-idp/${partnerSlug(c)}/interaction/`,
  title: '',
  external: E2E.sandboxUrl,
});
/** spec §2 /login in partner environments: POST partner/{partner}/login-url, then leave for the partner. */
const partnerLogin = (c: Condition): Landing => ({
  ...partnerSignIn(c),
  partnerCall: { method: 'POST', path: `partner/${partnerSlug(c)}/login-url` },
});
/** spec §2 /register in partner environments: GET partner/{partner}/register-url, then leave. */
const partnerRegister = (c: Condition): Landing => ({
  ...partnerSignIn(c),
  partnerCall: { method: 'GET', path: `partner/${partnerSlug(c)}/register-url` },
});
/** Home for a visitor; a logged-in player on Home goes to the account (spec §4 Session). */
const homeOrAccount = (c: Condition) => (c.loggedIn ? INFORMATION : HOME);
/** spec §6: members-only pages send a visitor to login with a return path. */
const member = (c: Condition, path: string, landing: Landing): Landing => {
  if (c.loggedIn) return landing;
  return c.partner ? partnerLogin(c) : at('/login', 'Login', { query: { redirectUrl: path } });
};
/** spec §2 /register: account when logged in; partner register; access key needed when the flag is on. */
const register = (c: Condition): Landing => {
  if (c.loggedIn) return INFORMATION;
  if (c.partner) return partnerRegister(c);
  return c.flags.registerWithAccessKeys ? at('/access-key', 'Access key') : at('/register', 'Register');
};
/** The same page, with `title`. */
const page = (title?: string) => (path: string) => at(path.split('?')[0], title);
const partnerHome = (c: Condition, landing: Landing) => (c.partner ? homeOrAccount(c) : landing);

type Row = [route: string, expected: (c: Condition, route: string) => Landing];

/**
 * The provider's sign-in page in the sandbox (spec §4 Linking a provider). In `prod` the OpenID Connect
 * providers must be https, so the sandbox's plain-http Twitch and Epic Games answer 503 there.
 */
const providerPage = (c: Condition, provider: 'steam' | 'twitch' | 'epic-games'): Landing => {
  if (provider === 'steam') return { path: '/steam/openid/login', title: '', external: E2E.sandboxUrl };
  if (c.environment === 'prod') {
    return badRequest(provider === 'twitch' ? 'ERROR_TWITCH_NOT_REACHABLE' : 'ERROR_EPICGAMES_NOT_REACHABLE');
  }
  return { path: `/${provider}/interaction/`, title: '', external: E2E.sandboxUrl };
};
/** After an unlink: the Connections page, or Information where the section is off (spec §2). */
const afterUnlink = (c: Condition) =>
  c.flags.connectionsSection ? at('/account/link-account', 'Connections') : INFORMATION;

const linkingRows: Row[] = (['steam', 'twitch', 'epic-games'] as const).flatMap((provider): Row[] => [
  [
    `/${provider}/callback`,
    // Without a query: Steam's needs openid.signed (spec §5); the OAuth callbacks need their state.
    (c, r) =>
      member(c, r, badRequest(provider === 'steam' ? 'ERROR_OPENID_UNAUTHORIZED' : 'ERROR_STATE_EMPTY')),
  ],
  [`/${provider}/link`, (c, r) => member(c, r, providerPage(c, provider))],
  [`/${provider}/unlink`, (c, r) => member(c, r, afterUnlink(c))],
]);

/** THE table: route (with its query) × condition → landing (spec §2 route table, §4, §6, §8). */
const ROUTES: Row[] = [
  ['/', homeOrAccount],
  ['/access-key', (c) => (c.flags.registerWithAccessKeys ? at('/access-key', 'Access key') : register(c))],
  ['/login', (c) => (c.loggedIn ? INFORMATION : c.partner ? partnerLogin(c) : at('/login', 'Login'))],
  // An unregistered client: GET oauth answers 400, never a redirect (RFC 6749 §4.1.2.1; spec §8 handler).
  [
    '/oauth?client_id=matrix&redirect_uri=https%3A%2F%2Fpartner.test%2Fcb&state=s',
    () => badRequest('ERROR_OAUTH_CLIENT_UNKNOWN'),
  ],
  // An unknown sign-on state: the callback call answers 400 (spec §8 generic handler).
  ['/oauth/partner?code=c&state=s', () => badRequest('ERROR_PARTNER_SIGN_ON_INVALID')],
  ['/oauth/partner/register', (_c, r) => page('Confirm username')(r)],
  ['/oauth/partner/register/confirm', (_c, r) => page('Confirm username')(r)],
  ['/register', register],
  ['/register/confirm', (_c, r) => page('Check your mailbox')(r)],
  ['/register/validate', (c, r) => (c.twoPoint ? page('Account verification')(r) : homeOrAccount(c))],
  ['/password-recovery', (c, r) => partnerHome(c, page('Password recovery')(r))],
  ['/password-recovery/sent', (c, r) => partnerHome(c, page('Password recovery email sent')(r))],
  ['/password-recovery/reset?token=matrix-token', (c, r) => partnerHome(c, page('Reset your password')(r))],
  ['/password-recovery/reset', (c) => partnerHome(c, badRequest('ERROR_REQUEST_INVALID'))],
  ['/account', homeOrAccount],
  [
    '/account/link-account',
    (c, r) => (c.flags.connectionsSection ? member(c, r, page('Connections')(r)) : homeOrAccount(c)),
  ],
  // Issue 21 §4: the sites granted through the OpenID Provider, in every deployment.
  ['/account/connected-sites', (c, r) => member(c, r, page('Connected sites')(r))],
  // Issue 22 §1, §3, §5, §7: the Security page, while any of its sections is on.
  [
    '/account/security',
    (c, r) =>
      c.flags.securitySessions || c.flags.securityActivity || c.flags.authenticatorApp || c.flags.passkeys
        ? member(c, r, page('Security')(r))
        : homeOrAccount(c),
  ],
  // spec §2: "Same guard, tied to the connections flag".
  [
    '/account/newsletter',
    (c, r) => (c.flags.connectionsSection ? member(c, r, page('Newsletter')(r)) : homeOrAccount(c)),
  ],
  [
    '/account/cookies',
    (c, r) => (c.flags.customCookieManagement ? homeOrAccount(c) : member(c, r, page('Cookies')(r))),
  ],
  [
    '/account/deletion-request',
    (c, r) => (c.flags.deletionSection ? member(c, r, page('Deletion request')(r)) : homeOrAccount(c)),
  ],
  ['/account/blocked-users-management', (c, r) => member(c, r, page('Blocked users')(r))],
  ['/account/update-email', (c, r) => partnerHome(c, member(c, r, page('Update email')(r)))],
  // An unknown link: §8 generic handler, 400 → BadRequestError with the first message.
  [
    '/account/update-email/confirm?uid=matrix-uid',
    (c) => partnerHome(c, badRequest('ERROR_EMAIL_RECOVERY_NOTEXISTS')),
  ],
  [
    '/account/update-email/recovery?uid=matrix-uid',
    (c) => partnerHome(c, badRequest('ERROR_EMAIL_RECOVERY_NOTEXISTS')),
  ],
  ['/account/update-email/confirm', (c) => partnerHome(c, badRequest('ERROR_REQUEST_INVALID'))],
  ['/account/update-email/success', (c, r) => partnerHome(c, page('Email updated')(r))],
  ['/account/update-username', (c, r) => partnerHome(c, member(c, r, page('Update username')(r)))],
  ['/account/reset-password', (c, r) => partnerHome(c, member(c, r, page('Change password')(r)))],
  ['/deletion/confirm', (_c, r) => page('Account deleted')(r)],
  ['/confirm-email', () => badRequest('ERROR_REQUEST_INVALID')],
  ['/confirm-email/send', (_c, r) => page('Send confirmation email')(r)],
  ...linkingRows,
  ['/survey', (c, r) => member(c, r, page('Profiler survey')(r))],
  ['/survey/qualification', (c, r) => member(c, r, page('Profiler survey questions')(r))],
  ['/survey/qualification/confirm', (c, r) => member(c, r, page('Survey completed')(r))],
  // Without a token: the confirmation a mailing provider's own unsubscribe redirects to (spec §2);
  // a token that is not signed: BadRequestError (the API refuses it, spec §8).
  ['/unsubscribe', (_c, r) => page('Unsubscribe')(r)],
  ['/unsubscribe?token=not-signed', () => badRequest('ERROR_UNSUBSCRIBE_INVALID')],
  // Issue 22 §6: the "This wasn't me" link of the security alerts, for anyone, only with its flag (its
  // call waits for the player's confirmation, so any token shows the page).
  [
    '/secure-account?token=matrix-token',
    (c, r) => (c.flags.securityAlerts ? page('Secure your account')(r) : homeOrAccount(c)),
  ],
  ['/errors', (_c, r) => page('Error')(r)],
  ['/errors/bad-request?message=ERROR_USER_BANNED', () => badRequest('ERROR_USER_BANNED')],
  ['/errors/internal', (_c, r) => page('Internal error')(r)],
  ['/errors/not-found', () => NOT_FOUND],
  ['/no/such/page', (_c, r) => page('Page not found')(r)],
  // Last: logging out ends the logged-in run (spec §4 Logout → the stored redirect or Home).
  ['/account/logout', () => HOME],
];

/** Landings already checked by axe, per project (once per distinct landing). */
const axeChecked = new Set<string>();

/** Checks that the visit made the landing's partner sign-on call, if it names one. */
function expectPartnerCall(
  route: string,
  expected: Landing,
  calls: { method: string; path: string }[],
): void {
  if (!expected.partnerCall) return;
  const { method, path } = expected.partnerCall;
  expect(
    calls.some((c) => c.method === method && c.path === `/api/${path}`),
    `${route} attempts ${method} ${path} (calls: ${calls.map((c) => `${c.method} ${c.path}`).join(', ')})`,
  ).toBe(true);
}

/** Visits `route` and checks its landing (throws on a mismatch). */
async function visit(page: Page, route: string, expected: Landing, project: string): Promise<void> {
  const calls: { method: string; path: string }[] = [];
  const onRequest = (request: { method(): string; url(): string }) =>
    calls.push({ method: request.method(), path: new URL(request.url()).pathname });
  page.on('request', onRequest);
  try {
    // Each row starts afresh: no redirect or access key carried over from the previous row (spec §9).
    if (page.url().startsWith('http')) await page.evaluate(() => localStorage.clear());
    await page.goto(route, { waitUntil: 'commit' });
    if (expected.external) {
      const { external, path } = expected;
      await page.waitForURL((url) => url.origin === external && url.pathname.startsWith(path), {
        timeout: 10_000,
      });
      expectPartnerCall(route, expected, calls);
      await page.goto('about:blank'); // the next row starts from nowhere, not from the provider
      return;
    }
    const pathOf = () => new URL(page.url()).pathname;
    // Settled: on the expected path with the expected title, and nothing loading any more (the
    // header's Loading label is empty). Polled in the page every 50 ms: cheaper than every frame, and
    // still well under a row's time.
    await page
      .waitForFunction(
        ([path, title]) => {
          const status = document.querySelector('header [role="status"]');
          return (
            location.pathname === path &&
            document.title === title &&
            status !== null &&
            status.textContent === ''
          );
        },
        [expected.path, expected.title] as const,
        { polling: 50, timeout: 10_000 },
      )
      .catch(async () => {
        throw new Error(
          `landed on ${pathOf()} titled '${await page.title()}', expected ${expected.path} '${expected.title}'`,
        );
      });
    expect(pathOf(), `${route} stays on ${expected.path}`).toBe(expected.path);
    expect(await page.title(), `${route} title once settled`).toBe(expected.title);
    const search = new URL(page.url()).searchParams;
    for (const [key, value] of Object.entries(expected.query ?? {}))
      expect(search.get(key), `${route} → query ${key}`).toBe(value);
    expectPartnerCall(route, expected, calls);
    // One axe run per distinct page per project: the four error pages are one component; otherwise
    // the title names the page (e.g. an unknown path shows NotFoundError).
    const kind = expected.path.startsWith('/errors') ? 'error page' : expected.title;
    const key = `${project} ${kind}`;
    if (!axeChecked.has(key)) {
      axeChecked.add(key);
      await expectNoAxeViolations(page, `${route} → ${expected.path}`);
    }
  } finally {
    page.off('request', onRequest);
  }
}

function condition(config: NodeConfiguration, loggedIn: boolean): Condition {
  const environment = config.environmentName;
  return {
    environment,
    partner: environment === 'CREATIVE-ASSEMBLY' || environment === 'FOCUS',
    twoPoint: environment === 'TWO-POINT-STUDIOS',
    flags: config.features,
    loggedIn,
  };
}

async function runMatrix(page: Page, c: Condition, project: string): Promise<void> {
  const failures: string[] = [];
  for (const [route, expectation] of ROUTES) {
    const expected = expectation(c, route);
    await test.step(`${route} → ${expected.path}`, async () => {
      try {
        await visit(page, route, expected, project);
      } catch (error) {
        failures.push(
          `${route}: ${error instanceof Error ? error.message.split('\n').slice(0, 12).join(' ') : String(error)}`,
        );
      }
    });
  }
  expect(
    failures,
    `routes that did not land as the spec says (${c.environment}, logged ${c.loggedIn ? 'in' : 'out'})`,
  ).toEqual([]);
}

test.describe('route matrix', () => {
  test.describe.configure({ timeout: 300_000 });
  let memberContext: BrowserContext | null = null;

  test.afterAll(async () => {
    await memberContext?.close();
  });

  test('every route, logged out', async ({ page, request, baseURL }, info) => {
    const config = await nodeConfiguration(request, baseURL!);
    await runMatrix(page, condition(config, false), info.project.name);
  });

  test('every route, logged in as the demo player', async ({ browser, request, baseURL }, info) => {
    const config = await nodeConfiguration(request, baseURL!);
    memberContext = await browser.newContext({ baseURL });
    await logInDemoPlayer(memberContext, config, baseURL!);
    const page = await memberContext.newPage();
    await runMatrix(page, condition(config, true), info.project.name);
  });
});
