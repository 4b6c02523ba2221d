/**
 * Routes of the first player journey (spec §2 route table), with lazy-loaded feature pages and the
 * guards of DESIGN.md §6. Titles are i18n keys used by usePageTitle (spec §2 page titles).
 */
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AnonymousOnly, EnvironmentGate, RequireLogin } from './guards.tsx';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';
import type { RouteHandle } from './use-page-title.ts';

const handle = (title: string): RouteHandle => ({ title });

/** The route table (spec §2). */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: () => null,
    errorElement: <RouteError />,
    children: [
      {
        Component: AnonymousOnly,
        children: [
          {
            index: true,
            handle: handle('titles.home'),
            lazy: async () => ({ Component: (await import('../features/home/home-page.tsx')).HomePage }),
          },
          {
            path: 'login',
            handle: handle('titles.login'),
            lazy: async () => ({ Component: (await import('../features/login/login-page.tsx')).LoginPage }),
          },
          {
            path: 'register',
            handle: handle('titles.register'),
            lazy: async () => ({
              Component: (await import('../features/register/register-page.tsx')).RegisterPage,
            }),
          },
        ],
      },
      {
        path: 'register/confirm',
        handle: handle('titles.confirmRegister'),
        lazy: async () => ({
          Component: (await import('../features/register/confirm-register-page.tsx')).ConfirmRegisterPage,
        }),
      },
      {
        path: 'register/validate',
        handle: handle('titles.registerValidate'),
        lazy: async () => {
          const { RegisterVerifyPage } = await import('../features/confirm/register-verify-page.tsx');
          return {
            Component: () => (
              <EnvironmentGate when={(b) => b.registerValidatePage}>
                <RegisterVerifyPage />
              </EnvironmentGate>
            ),
          };
        },
      },
      {
        path: 'confirm-email',
        handle: handle('titles.confirmEmail'),
        lazy: async () => ({
          Component: (await import('../features/confirm/confirm-email-page.tsx')).ConfirmEmailPage,
        }),
      },
      {
        path: 'confirm-email/send',
        handle: handle('titles.sendConfirmation'),
        lazy: async () => ({
          Component: (await import('../features/confirm/send-confirmation-page.tsx')).SendConfirmationPage,
        }),
      },
      {
        path: 'account/logout',
        handle: handle('titles.logout'),
        lazy: async () => ({ Component: (await import('../features/logout/logout-page.tsx')).LogoutPage }),
      },
      {
        path: 'account',
        Component: RequireLogin,
        children: [
          {
            lazy: async () => ({
              Component: (await import('../features/account/account-layout.tsx')).AccountLayout,
            }),
            children: [
              {
                index: true,
                handle: handle('titles.myInformation'),
                lazy: async () => ({
                  Component: (await import('../features/account/my-information-page.tsx')).MyInformationPage,
                }),
              },
            ],
          },
        ],
      },
      {
        path: 'errors',
        handle: handle('titles.error'),
        lazy: async () => ({
          Component: (await import('../features/errors/error-page.tsx')).GenericErrorPage,
        }),
      },
      {
        path: 'errors/bad-request',
        handle: handle('titles.badRequest'),
        lazy: async () => ({
          Component: (await import('../features/errors/error-page.tsx')).BadRequestErrorPage,
        }),
      },
      {
        path: 'errors/internal',
        handle: handle('titles.internal'),
        lazy: async () => ({
          Component: (await import('../features/errors/error-page.tsx')).InternalErrorPage,
        }),
      },
      {
        path: 'errors/not-found',
        handle: handle('titles.notFound'),
        lazy: async () => ({
          Component: (await import('../features/errors/error-page.tsx')).NotFoundErrorPage,
        }),
      },
      {
        path: '*',
        handle: handle('titles.notFound'),
        lazy: async () => ({
          Component: (await import('../features/errors/error-page.tsx')).NotFoundErrorPage,
        }),
      },
    ],
  },
];

/** Creates the browser router (history mode, spec §2 "clean paths"). */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
