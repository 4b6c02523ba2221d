/**
 * Tests of the route table's rules (spec §2 route table, §6): every rule, in every environment and with
 * each flag on and off.
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FLAGS,
  ENVIRONMENTS,
  FEATURE_FLAGS,
  type Environment,
  type FeatureFlags,
} from '@guildgate/contracts';
import {
  BAD_REQUEST_PATH,
  decideRoute,
  normalizePath,
  ROUTE_RULES,
  ruleFor,
  titleOf,
  type RouteContext,
  type RouteDecision,
  type SessionKnowledge,
} from './route-rules.ts';

const PARTNERS: Environment[] = ['CREATIVE-ASSEMBLY', 'FOCUS'];
const NON_PARTNERS = ENVIRONMENTS.filter((e) => !PARTNERS.includes(e));
const ALL = (value: boolean) =>
  Object.fromEntries(FEATURE_FLAGS.map((f) => [f, value])) as unknown as FeatureFlags;

function ctx(overrides: Partial<Omit<RouteContext, 'query'>> & { query?: string } = {}): RouteContext {
  return {
    environment: 'local',
    features: DEFAULT_FLAGS,
    session: 'anonymous',
    hasAccessKey: false,
    ...overrides,
    query: new URLSearchParams(overrides.query ?? ''),
  };
}

const render: RouteDecision = { action: 'render' };
const to = (path: string): RouteDecision => ({ action: 'redirect', to: path });
const loginReturn = (path: string) => to(`/login?${new URLSearchParams({ redirectUrl: path })}`);

/** The paths of the spec §2 route table, written out. */
const SPEC_PATHS = [
  '/',
  '/access-key',
  '/login',
  '/oauth',
  '/oauth/partner',
  '/oauth/partner/register',
  '/oauth/partner/register/confirm',
  // Issue 21 §3 (not in spec §2): a third-party site's consent page.
  '/oauth/consent',
  '/register',
  '/register/confirm',
  '/register/validate',
  '/password-recovery',
  '/password-recovery/sent',
  '/password-recovery/reset',
  '/account',
  '/account/link-account',
  // Issue 21 §4 (not in spec §2): the sites granted through the OpenID Provider.
  '/account/connected-sites',
  // Issue 22 §5, §7 (not in spec §2): sessions and recent activity.
  '/account/security',
  '/account/newsletter',
  '/account/cookies',
  // Issue 22 §8: Download my data.
  '/account/your-data',
  // Issue 24 (not in spec §2): the operator console.
  '/admin',
  '/account/deletion-request',
  '/account/blocked-users-management',
  '/account/logout',
  '/account/update-email',
  '/account/update-email/confirm',
  '/account/update-email/recovery',
  '/account/update-email/success',
  '/account/update-username',
  '/account/reset-password',
  '/deletion/confirm',
  '/confirm-email',
  '/confirm-email/send',
  '/steam/callback',
  '/steam/link',
  '/steam/unlink',
  '/twitch/callback',
  '/twitch/link',
  '/twitch/unlink',
  '/epic-games/callback',
  '/epic-games/link',
  '/epic-games/unlink',
  '/survey',
  '/survey/qualification',
  '/survey/qualification/confirm',
  '/unsubscribe',
  // Issue 22 §6 (not in spec §2): the "This wasn't me" page of the security alerts.
  '/secure-account',
  '/unverified-account',
  '/errors',
  '/errors/bad-request',
  '/errors/internal',
  '/errors/not-found',
];

const PUBLIC_PAGES = [
  '/oauth',
  '/oauth/partner',
  '/oauth/partner/register',
  '/oauth/partner/register/confirm',
  '/register/confirm',
  '/account/logout',
  '/deletion/confirm',
  '/confirm-email/send',
  '/unsubscribe',
  '/unverified-account',
  '/errors',
  '/errors/bad-request',
  '/errors/internal',
  '/errors/not-found',
];
const LOGIN_RETURN_PAGES = [
  '/admin',
  '/account/blocked-users-management',
  '/account/connected-sites',
  '/survey',
  '/survey/qualification',
  '/survey/qualification/confirm',
  ...['steam', 'twitch', 'epic-games'].flatMap((p) => [`/${p}/callback`, `/${p}/link`, `/${p}/unlink`]),
];
const SECTION_PAGES: [string, (f: FeatureFlags, on: boolean) => FeatureFlags][] = [
  ['/account/link-account', (f, on) => ({ ...f, connectionsSection: on })],
  ['/account/newsletter', (f, on) => ({ ...f, connectionsSection: on })],
  ['/account/cookies', (f, on) => ({ ...f, customCookieManagement: !on })],
  ['/account/deletion-request', (f, on) => ({ ...f, deletionSection: on })],
  ['/account/your-data', (f, on) => ({ ...f, dataExport: on })],
  [
    '/account/security',
    (f, on) => ({ ...f, securitySessions: on, securityActivity: on, authenticatorApp: on, passkeys: on }),
  ],
];
const PARTNER_HOME_LOGIN_PAGES = [
  '/account/update-email',
  '/account/update-username',
  '/account/reset-password',
];

describe('the route table', () => {
  it('has every path of spec §2 once', () => {
    const paths = ROUTE_RULES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual([...SPEC_PATHS].sort());
  });
  it('gives titles to the pages with content and none to the pages without UI', () => {
    expect(titleOf('/login')).toBe('titles.login');
    expect(titleOf('/account/newsletter')).toBe('titles.newsletter');
    expect(titleOf('/oauth')).toBeUndefined();
    expect(titleOf('/steam/link')).toBeUndefined();
    expect(titleOf('/account/update-email/confirm')).toBeUndefined();
    for (const rule of ROUTE_RULES) if (rule.title) expect(rule.title).toMatch(/^titles\.\w+$/);
  });
  it('normalizes trailing slashes and leaves unknown paths to NotFoundError', () => {
    expect(normalizePath('/account/')).toBe('/account');
    expect(normalizePath('/')).toBe('/');
    expect(ruleFor('/survey/')?.path).toBe('/survey');
    expect(decideRoute('/no/such/page', ctx())).toEqual(render);
    expect(decideRoute('/no/such/page', ctx({ session: 'unknown' }))).toEqual(render);
  });
});

describe('Home, Login and Register (anonymous pages)', () => {
  it.each(ENVIRONMENTS)('a logged-in player is sent on, in %s', (environment) => {
    for (const path of ['/', '/login', '/register'])
      expect(decideRoute(path, ctx({ environment, session: 'authenticated' }))).toEqual({
        action: 'after-login',
      });
  });
  it('waits for the session restore, but keeps the form while a log-in is established', () => {
    expect(decideRoute('/login', ctx({ session: 'unknown' }))).toEqual({ action: 'wait' });
    expect(decideRoute('/login', ctx({ session: 'establishing' }))).toEqual(render);
    expect(decideRoute('/', ctx({ session: 'establishing' }))).toEqual(render);
  });
  it.each(NON_PARTNERS)('Login and Register show their pages in %s', (environment) => {
    expect(decideRoute('/', ctx({ environment }))).toEqual(render);
    expect(decideRoute('/login', ctx({ environment }))).toEqual(render);
    expect(decideRoute('/register', ctx({ environment }))).toEqual(render);
  });
  it.each(PARTNERS)(
    'Login and Register go to the partner sign-on in %s, whatever the flags',
    (environment) => {
      for (const features of [DEFAULT_FLAGS, ALL(true), ALL(false)]) {
        expect(decideRoute('/login', ctx({ environment, features }))).toEqual({ action: 'partner-login' });
        expect(decideRoute('/register', ctx({ environment, features }))).toEqual({
          action: 'partner-register',
        });
      }
      expect(decideRoute('/', ctx({ environment }))).toEqual(render);
    },
  );
  it.each(NON_PARTNERS)(
    'Register needs a held access key when access-key registration is on, in %s',
    (environment) => {
      const features = { ...DEFAULT_FLAGS, registerWithAccessKeys: true };
      expect(decideRoute('/register', ctx({ environment, features }))).toEqual(to('/access-key'));
      expect(
        decideRoute('/register', ctx({ environment, features, query: 'redirectUrl=%2Fsurvey' })),
      ).toEqual(to('/access-key?redirectUrl=%2Fsurvey'));
      expect(decideRoute('/register', ctx({ environment, features, hasAccessKey: true }))).toEqual(render);
      expect(decideRoute('/register', ctx({ environment, features: ALL(false) }))).toEqual(render);
    },
  );
});

describe('/access-key', () => {
  it.each(ENVIRONMENTS)(
    'goes to Register (carrying the query) when the flag is off, in %s',
    (environment) => {
      expect(decideRoute('/access-key', ctx({ environment, features: ALL(false) }))).toEqual(to('/register'));
      expect(
        decideRoute(
          '/access-key',
          ctx({ environment, features: DEFAULT_FLAGS, query: 'redirectUrl=https%3A%2F%2Fa.test' }),
        ),
      ).toEqual(to('/register?redirectUrl=https%3A%2F%2Fa.test'));
    },
  );
  it.each(ENVIRONMENTS)('shows the page when the flag is on, logged in or not, in %s', (environment) => {
    for (const session of ['anonymous', 'authenticated', 'unknown'] as SessionKnowledge[])
      expect(decideRoute('/access-key', ctx({ environment, session, features: ALL(true) }))).toEqual(render);
  });
});

describe('/register/validate', () => {
  it('exists only in TWO-POINT-STUDIOS', () => {
    for (const environment of ENVIRONMENTS) {
      const expected = environment === 'TWO-POINT-STUDIOS' ? render : to('/');
      expect(decideRoute('/register/validate', ctx({ environment }))).toEqual(expected);
      expect(decideRoute('/register/validate', ctx({ environment, session: 'authenticated' }))).toEqual(
        expected,
      );
    }
  });
});

describe('password recovery', () => {
  const pages = ['/password-recovery', '/password-recovery/sent', '/password-recovery/reset'];
  it.each(PARTNERS)('all three go Home in %s', (environment) => {
    for (const path of pages) {
      expect(decideRoute(path, ctx({ environment, query: 'token=t' }))).toEqual(to('/'));
      expect(decideRoute(path, ctx({ environment, session: 'authenticated' }))).toEqual(to('/'));
    }
  });
  it.each(NON_PARTNERS)('they show in %s; the reset page needs its token', (environment) => {
    expect(decideRoute('/password-recovery', ctx({ environment }))).toEqual(render);
    expect(decideRoute('/password-recovery/sent', ctx({ environment }))).toEqual(render);
    expect(decideRoute('/password-recovery/reset', ctx({ environment, query: 'token=abc' }))).toEqual(render);
    expect(decideRoute('/password-recovery/reset', ctx({ environment }))).toEqual(to(BAD_REQUEST_PATH));
    expect(decideRoute('/password-recovery/reset', ctx({ environment, query: 'token=' }))).toEqual(
      to(BAD_REQUEST_PATH),
    );
  });
});

describe('the account area', () => {
  it.each(ENVIRONMENTS)(
    'Information goes Home when anonymous and shows when logged in, in %s',
    (environment) => {
      expect(decideRoute('/account', ctx({ environment }))).toEqual(to('/'));
      expect(decideRoute('/account/', ctx({ environment }))).toEqual(to('/'));
      expect(decideRoute('/account', ctx({ environment, session: 'authenticated' }))).toEqual(render);
      expect(decideRoute('/account', ctx({ environment, session: 'unknown' }))).toEqual({ action: 'wait' });
      expect(decideRoute('/account', ctx({ environment, session: 'establishing' }))).toEqual({
        action: 'wait',
      });
    },
  );

  describe.each(SECTION_PAGES)('%s', (path, flagged) => {
    it.each(ENVIRONMENTS)(
      'goes to Information when its section is off, else needs login, in %s',
      (environment) => {
        for (const session of ['anonymous', 'authenticated'] as SessionKnowledge[]) {
          expect(
            decideRoute(path, ctx({ environment, session, features: flagged(DEFAULT_FLAGS, false) })),
          ).toEqual(to('/account'));
        }
        const on = flagged(DEFAULT_FLAGS, true);
        expect(decideRoute(path, ctx({ environment, features: on }))).toEqual(loginReturn(path));
        expect(decideRoute(path, ctx({ environment, features: on, session: 'authenticated' }))).toEqual(
          render,
        );
      },
    );
  });

  it('ties the newsletter page to the connections flag, not the newsletter flag (spec §2)', () => {
    const features = { ...DEFAULT_FLAGS, connectionsSection: true, newsletterSection: false };
    expect(decideRoute('/account/newsletter', ctx({ features, session: 'authenticated' }))).toEqual(render);
    const off = { ...DEFAULT_FLAGS, connectionsSection: false, newsletterSection: true };
    expect(decideRoute('/account/newsletter', ctx({ features: off, session: 'authenticated' }))).toEqual(
      to('/account'),
    );
  });

  it.each(ENVIRONMENTS)('the all-on and all-off deployments in %s', (environment) => {
    const on = (path: string) =>
      decideRoute(path, ctx({ environment, features: ALL(true), session: 'authenticated' }));
    const off = (path: string) =>
      decideRoute(path, ctx({ environment, features: ALL(false), session: 'authenticated' }));
    expect(on('/account/link-account')).toEqual(render);
    expect(on('/account/newsletter')).toEqual(render);
    expect(on('/account/cookies')).toEqual(to('/account'));
    expect(on('/account/deletion-request')).toEqual(render);
    expect(on('/account/your-data')).toEqual(render);
    expect(off('/account/link-account')).toEqual(to('/account'));
    expect(off('/account/newsletter')).toEqual(to('/account'));
    expect(off('/account/cookies')).toEqual(render);
    expect(off('/account/deletion-request')).toEqual(to('/account'));
    expect(off('/account/your-data')).toEqual(to('/account'));
  });

  it.each(PARTNER_HOME_LOGIN_PAGES)('%s goes Home in the partner environments, else needs login', (path) => {
    for (const environment of PARTNERS) {
      expect(decideRoute(path, ctx({ environment }))).toEqual(to('/'));
      expect(decideRoute(path, ctx({ environment, session: 'authenticated' }))).toEqual(to('/'));
    }
    for (const environment of NON_PARTNERS) {
      expect(decideRoute(path, ctx({ environment }))).toEqual(loginReturn(path));
      expect(decideRoute(path, ctx({ environment, query: 'a=1' }))).toEqual(loginReturn(`${path}?a=1`));
      expect(decideRoute(path, ctx({ environment, session: 'authenticated' }))).toEqual(render);
      expect(decideRoute(path, ctx({ environment, session: 'unknown' }))).toEqual({ action: 'wait' });
    }
  });

  it('the e-mail update link pages go Home in the partner environments and need their uid elsewhere', () => {
    for (const path of ['/account/update-email/confirm', '/account/update-email/recovery']) {
      for (const environment of PARTNERS)
        expect(decideRoute(path, ctx({ environment, query: 'uid=u' }))).toEqual(to('/'));
      for (const environment of NON_PARTNERS) {
        for (const session of ['anonymous', 'authenticated', 'unknown'] as SessionKnowledge[]) {
          expect(decideRoute(path, ctx({ environment, session, query: 'uid=u' }))).toEqual(render);
          expect(decideRoute(path, ctx({ environment, session }))).toEqual(to(BAD_REQUEST_PATH));
        }
      }
    }
    for (const environment of PARTNERS)
      expect(decideRoute('/account/update-email/success', ctx({ environment }))).toEqual(to('/'));
    for (const environment of NON_PARTNERS)
      expect(decideRoute('/account/update-email/success', ctx({ environment }))).toEqual(render);
  });
});

describe('pages that need login with a return path', () => {
  it.each(LOGIN_RETURN_PAGES)('%s', (path) => {
    for (const environment of ENVIRONMENTS) {
      for (const features of [DEFAULT_FLAGS, ALL(true), ALL(false)]) {
        expect(decideRoute(path, ctx({ environment, features }))).toEqual(loginReturn(path));
        expect(decideRoute(path, ctx({ environment, features, session: 'authenticated' }))).toEqual(render);
        expect(decideRoute(path, ctx({ environment, features, session: 'unknown' }))).toEqual({
          action: 'wait',
        });
      }
    }
    expect(decideRoute(path, ctx({ query: 'code=1&state=2' }))).toEqual(
      loginReturn(`${path}?code=1&state=2`),
    );
  });
});

describe('public pages', () => {
  it.each(PUBLIC_PAGES)('%s shows in every environment, logged in or not, without waiting', (path) => {
    for (const environment of ENVIRONMENTS)
      for (const session of ['anonymous', 'authenticated', 'unknown'] as SessionKnowledge[])
        for (const features of [ALL(true), ALL(false)])
          expect(decideRoute(path, ctx({ environment, session, features }))).toEqual(render);
  });
  it('/secure-account shows to anyone with the securityAlerts flag, and goes Home without it', () => {
    for (const environment of ENVIRONMENTS)
      for (const session of ['anonymous', 'authenticated', 'unknown'] as SessionKnowledge[]) {
        const on = { ...DEFAULT_FLAGS, securityAlerts: true };
        const off = { ...DEFAULT_FLAGS, securityAlerts: false };
        expect(decideRoute('/secure-account', ctx({ environment, session, features: on }))).toEqual(render);
        expect(decideRoute('/secure-account', ctx({ environment, session, features: off }))).toEqual(to('/'));
      }
    expect(titleOf('/secure-account')).toBe('titles.secureAccount');
  });
  it('/confirm-email needs its uid (spec §2, §5)', () => {
    for (const environment of ENVIRONMENTS) {
      expect(decideRoute('/confirm-email', ctx({ environment }))).toEqual(to(BAD_REQUEST_PATH));
      expect(decideRoute('/confirm-email', ctx({ environment, query: 'uid=abc&redirectUrl=x' }))).toEqual(
        render,
      );
    }
  });
});

describe('the Security page (issue 22 §5, §7)', () => {
  it('stands while either of its sections is on', () => {
    for (const [securitySessions, securityActivity, authenticatorApp, passkeys] of [
      [true, false, false, false],
      [false, true, false, false],
      [false, false, true, false],
      [false, false, false, true],
    ] as const) {
      const features = { ...ALL(true), securitySessions, securityActivity, authenticatorApp, passkeys };
      expect(decideRoute('/account/security', ctx({ features, session: 'authenticated' }))).toEqual(render);
    }
    const features = {
      ...ALL(true),
      securitySessions: false,
      securityActivity: false,
      authenticatorApp: false,
      passkeys: false,
    };
    expect(decideRoute('/account/security', ctx({ features, session: 'authenticated' }))).toEqual(
      to('/account'),
    );
    expect(titleOf('/account/security')).toBe('titles.security');
  });
});

describe('the consent page (issue 21 §3)', () => {
  it('needs the session (login with a return path) and the interaction uid', () => {
    for (const environment of ENVIRONMENTS) {
      expect(decideRoute('/oauth/consent', ctx({ environment, query: 'uid=abc' }))).toEqual(
        loginReturn('/oauth/consent?uid=abc'),
      );
      expect(
        decideRoute('/oauth/consent', ctx({ environment, query: 'uid=abc', session: 'authenticated' })),
      ).toEqual(render);
      expect(decideRoute('/oauth/consent', ctx({ environment, session: 'authenticated' }))).toEqual(
        to(BAD_REQUEST_PATH),
      );
    }
    expect(titleOf('/oauth/consent')).toBe('titles.consent');
  });
});

describe('the operator console (issue 24)', () => {
  it('covers every page below /admin, and sends an anonymous visitor to log in and back to that page', () => {
    const anonymous = ctx({ environment: 'TWO-POINT-STUDIOS', session: 'anonymous' });
    expect(ruleFor('/admin/players/0b8e0b8e-0000-4000-8000-000000000000')?.path).toBe('/admin');
    expect(decideRoute('/admin/audit', anonymous)).toEqual(loginReturn('/admin/audit'));
    expect(
      decideRoute('/admin/audit', ctx({ environment: 'TWO-POINT-STUDIOS', session: 'authenticated' })),
    ).toEqual(render);
    expect(ruleFor('/administrator')).toBeUndefined();
  });
});
