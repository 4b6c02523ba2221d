/**
 * Every route of the spec §2 route table, in history mode, with lazy-loaded feature pages. One guard
 * (RouteRules, guards.tsx) applies the table's rules from route-rules.ts to every path; titles come from
 * the same table (`handle.title`, an i18n key read by usePageTitle; none → the default title).
 */
import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouteRules } from './guards.tsx';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';
import { titleOf } from './route-rules.ts';
import type { RouteHandle } from './use-page-title.ts';
import * as errorPages from '../features/errors/error-page.tsx';
import { ADMIN_PAGE_PATHS } from '../features/admin/admin-paths.ts';

/** A page route: `path` (relative to its parent), the full path for its title, a lazy component. */
function page(path: string, fullPath: string, load: () => Promise<ComponentType>): RouteObject {
  const handle: RouteHandle = { title: titleOf(fullPath) };
  return { path, handle, lazy: async () => ({ Component: await load() }) };
}

/** A page route at the root. */
function root(path: string, load: () => Promise<ComponentType>): RouteObject {
  return page(path.slice(1), path, load);
}

// The error pages are in the main bundle anyway: the crash fallback (route-error.tsx) uses them.
const errors = () => Promise.resolve(errorPages);
const recovery = () => import('../features/password-recovery/password-recovery-pages.tsx');
const oauth = () => import('../features/oauth/oauth-pages.tsx');
const email = () => import('../features/update-email/update-email-pages.tsx');
const deletion = () => import('../features/deletion/deletion-request-page.tsx');
const survey = () => import('../features/survey/survey-pages.tsx');

function linkingRoutes(): RouteObject[] {
  const providers = ['steam', 'twitch', 'epic-games'] as const;
  const steps = ['callback', 'link', 'unlink'] as const;
  return providers.flatMap((provider) =>
    steps.map((step) =>
      root(`/${provider}/${step}`, async () => {
        const { LinkingPage } = await import('../features/linking/linking-page.tsx');
        return function ProviderLinkingPage() {
          return <LinkingPage provider={provider} step={step} />;
        };
      }),
    ),
  );
}

/** The account area: the layout (dashboard + side list) and its sub-pages. */
const accountArea: RouteObject = {
  path: 'account',
  lazy: async () => ({
    Component: (await import('../features/account/account-layout.tsx')).AccountLayout,
  }),
  children: [
    {
      index: true,
      handle: { title: titleOf('/account') } satisfies RouteHandle,
      lazy: async () => ({
        Component: (await import('../features/account/my-information-page.tsx')).MyInformationPage,
      }),
    },
    page('link-account', '/account/link-account', async () => {
      return (await import('../features/connections/connections-page.tsx')).ConnectionsPage;
    }),
    page('connected-sites', '/account/connected-sites', async () => {
      return (await import('../features/connected-sites/connected-sites-page.tsx')).ConnectedSitesPage;
    }),
    page('security', '/account/security', async () => {
      return (await import('../features/security/security-page.tsx')).SecurityPage;
    }),
    page('newsletter', '/account/newsletter', async () => {
      return (await import('../features/newsletter/newsletter-page.tsx')).NewsletterPage;
    }),
    page('cookies', '/account/cookies', async () => {
      return (await import('../features/cookies/cookies-page.tsx')).CookiesPage;
    }),
    page('your-data', '/account/your-data', async () => {
      return (await import('../features/data-export/your-data-page.tsx')).YourDataPage;
    }),
    page('deletion-request', '/account/deletion-request', async () => (await deletion()).DeletionRequestPage),
    page('blocked-users-management', '/account/blocked-users-management', async () => {
      return (await import('../features/blocked-users/blocked-users-page.tsx')).BlockedUsersPage;
    }),
    page('update-email', '/account/update-email', async () => (await email()).UpdateEmailPage),
    page('update-username', '/account/update-username', async () => {
      return (await import('../features/update-username/update-username-page.tsx')).UpdateUsernamePage;
    }),
    page('reset-password', '/account/reset-password', async () => {
      return (await import('../features/reset-password/account-password-reset-page.tsx'))
        .AccountPasswordResetPage;
    }),
  ],
};

/**
 * The operator console (issue 24): its layout (GET admin/me, the gates, the side list) and its pages,
 * all from one lazy module (features/admin/admin-area.tsx), so the player pages grow by this entry only.
 */
const admin = () => import('../features/admin/admin-area.tsx');
const adminArea: RouteObject = {
  path: 'admin',
  handle: { title: titleOf('/admin') } satisfies RouteHandle,
  lazy: async () => ({ Component: (await admin()).AdminLayout }),
  children: [
    { index: true, lazy: async () => ({ Component: (await admin()).AdminHome }) },
    ...ADMIN_PAGE_PATHS.map((path) => page(path, '/admin', async () => (await admin()).ADMIN_PAGES[path])),
  ],
};

/** The route table (spec §2). */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: () => null,
    errorElement: <RouteError />,
    children: [
      {
        Component: RouteRules,
        children: [
          {
            index: true,
            handle: { title: titleOf('/') } satisfies RouteHandle,
            lazy: async () => ({ Component: (await import('../features/home/home-page.tsx')).HomePage }),
          },
          root('/access-key', async () => {
            return (await import('../features/access-key/access-key-page.tsx')).AccessKeyPage;
          }),
          root('/login', async () => (await import('../features/login/login-page.tsx')).LoginPage),
          root('/oauth', async () => (await oauth()).OAuthPage),
          root('/oauth/partner', async () => (await oauth()).PartnerCallbackPage),
          root('/secure-account', async () => {
            return (await import('../features/secure-account/secure-account-page.tsx')).SecureAccountPage;
          }),
          root('/oauth/consent', async () => {
            return (await import('../features/consent/consent-page.tsx')).ConsentPage;
          }),
          root('/oauth/partner/register', async () => (await oauth()).PartnerRegisterPage),
          root('/oauth/partner/register/confirm', async () => (await oauth()).PartnerRegisterPage),
          root(
            '/register',
            async () => (await import('../features/register/register-page.tsx')).RegisterPage,
          ),
          root('/register/confirm', async () => {
            return (await import('../features/register/confirm-register-page.tsx')).ConfirmRegisterPage;
          }),
          root('/register/validate', async () => {
            return (await import('../features/confirm/register-verify-page.tsx')).RegisterVerifyPage;
          }),
          root('/password-recovery', async () => (await recovery()).PasswordRecoveryPage),
          root('/password-recovery/sent', async () => (await recovery()).PasswordRecoverySentPage),
          root('/password-recovery/reset', async () => (await recovery()).PasswordResetPage),
          accountArea,
          adminArea,
          root(
            '/account/logout',
            async () => (await import('../features/logout/logout-page.tsx')).LogoutPage,
          ),
          root('/account/update-email/confirm', async () => {
            const { UpdateEmailLinkPage } = await email();
            return function UpdateEmailConfirmPage() {
              return <UpdateEmailLinkPage kind="confirm" />;
            };
          }),
          root('/account/update-email/recovery', async () => {
            const { UpdateEmailLinkPage } = await email();
            return function UpdateEmailRecoveryPage() {
              return <UpdateEmailLinkPage kind="recovery" />;
            };
          }),
          root('/account/update-email/success', async () => (await email()).UpdateEmailSuccessPage),
          root('/deletion/confirm', async () => (await deletion()).DeletionConfirmPage),
          root('/confirm-email', async () => {
            return (await import('../features/confirm/confirm-email-page.tsx')).ConfirmEmailPage;
          }),
          root('/confirm-email/send', async () => {
            return (await import('../features/confirm/send-confirmation-page.tsx')).SendConfirmationPage;
          }),
          ...linkingRoutes(),
          root('/survey', async () => (await survey()).SurveyEntryPage),
          root('/survey/qualification', async () => (await survey()).SurveyQualificationPage),
          root('/survey/qualification/confirm', async () => (await survey()).SurveyDonePage),
          root('/unsubscribe', async () => {
            return (await import('../features/unsubscribe/unsubscribe-page.tsx')).UnsubscribePage;
          }),
          root('/unverified-account', async () => {
            const page = await import('../features/unverified-account/unverified-account-page.tsx');
            return page.UnverifiedAccountPage;
          }),
          root('/errors', async () => (await errors()).GenericErrorPage),
          root('/errors/bad-request', async () => (await errors()).BadRequestErrorPage),
          root('/errors/internal', async () => (await errors()).InternalErrorPage),
          root('/errors/not-found', async () => (await errors()).NotFoundErrorPage),
          {
            path: '*',
            handle: { title: titleOf('/errors/not-found') } satisfies RouteHandle,
            lazy: async () => ({ Component: (await errors()).NotFoundErrorPage }),
          },
        ],
      },
    ],
  },
];

/**
 * Starts downloading the page chunks of `pathname`'s routes at once, before the runtime configuration
 * has arrived (docs/performance.md): the router asks for the same modules later and finds them loaded,
 * which takes the route chunk off the start-up chain. A failed download is left to the router, which
 * asks again and shows its error page.
 * @param pathname the path the page opened on (`location.pathname`)
 */
export function preloadRoute(pathname: string): void {
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    if (typeof route.lazy === 'function') route.lazy().catch(() => undefined);
  }
}

/** Creates the browser router (history mode, spec §2 "clean paths"). */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
