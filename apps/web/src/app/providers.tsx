/**
 * Application services and providers (DESIGN.md §2 src/app): the configuration profile, the API client
 * (speaking the UI's language, issue 19 §7), the session store (restored from the identity cookie at
 * once, spec §4), TanStack Query (its answers refetched when the language changes: the server's
 * reference data is translated) and the router.
 */
import { StrictMode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import type { RuntimeConfiguration } from '@guildgate/contracts';
import { createApiClient, type ApiClient } from '../shared/api/api-client.ts';
import { ApiProvider } from '../shared/api/api-context.tsx';
import {
  ConfigProvider,
  toAppConfiguration,
  type AppConfiguration,
} from '../shared/config/config-context.tsx';
import { SessionProvider } from '../shared/session/session-context.tsx';
import { createSessionStore, type SessionStore } from '../shared/session/session-store.ts';
import { onLanguageChange, uiLanguage } from '../shared/i18n/i18n.ts';
import { createAppRouter } from './router.tsx';

/** Everything created once per page load. */
export interface AppServices {
  app: AppConfiguration;
  api: ApiClient;
  session: SessionStore;
  queryClient: QueryClient;
  router: ReturnType<typeof createAppRouter>;
}

/** Creates the services and starts the session restore (spec §4 "On app start … the cookie is read"). */
export function createAppServices(config: RuntimeConfiguration): AppServices {
  let session: SessionStore | null = null;
  const api = createApiClient({
    config,
    userBearer: () => session?.bearer() ?? Promise.resolve(null),
    language: uiLanguage,
  });
  session = createSessionStore({ api: () => api });
  void session.restore();
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
  });
  // Cookie categories, newsletter lists and deletion reasons come translated: ask again in the new language.
  onLanguageChange(() => void queryClient.invalidateQueries());
  return { app: toAppConfiguration(config), api, session, queryClient, router: createAppRouter() };
}

/** The whole application tree. */
export function App({ services }: { services: AppServices }) {
  return (
    <StrictMode>
      <ConfigProvider value={services.app}>
        <QueryClientProvider client={services.queryClient}>
          <ApiProvider client={services.api}>
            <SessionProvider store={services.session}>
              <RouterProvider router={services.router} />
            </SessionProvider>
          </ApiProvider>
        </QueryClientProvider>
      </ConfigProvider>
    </StrictMode>
  );
}
