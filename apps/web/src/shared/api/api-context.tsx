/**
 * React access to the account-API client (spec §7) and the generic error handler (spec §8).
 */
import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { ApiClient } from './api-client.ts';
import { errorRoute } from './error-route.ts';

const ApiContext = createContext<ApiClient | null>(null);

/** Provides the client created at bootstrap. */
export function ApiProvider({ client, children }: { client: ApiClient; children: ReactNode }) {
  return <ApiContext value={client}>{children}</ApiContext>;
}

/** The account-API client (spec §7). */
export function useApi(): ApiClient {
  const client = useContext(ApiContext);
  if (!client) throw new Error('useApi must be used inside ApiProvider');
  return client;
}

/** The generic error handler: sends the player to the error page of spec §8 for this failure. */
export function useErrorHandler(): (error: unknown) => void {
  const navigate = useNavigate();
  return useCallback(
    (error: unknown) => {
      console.error('Account API call failed', error);
      void navigate(errorRoute(error));
    },
    [navigate],
  );
}
