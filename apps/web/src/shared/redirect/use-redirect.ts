/**
 * Hooks to follow a permitted redirect (spec §1 Single sign-on; §4 Session, Logout). The allow-list is
 * fetched once from GET redirect/allowed-redirect-domains; when it cannot be loaded nothing external
 * is allowed.
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ENDPOINTS } from '@guildgate/contracts';
import { useApi } from '../api/api-context.tsx';
import { chooseRedirect, isInternalPath } from './redirect-choice.ts';
import { forgetCarried } from './carry-over.ts';

/** Query key of the allow-list. */
export const REDIRECT_PATTERNS_KEY = ['redirect', 'allowed-redirect-domains'] as const;

/** Returns a loader of the allow-list (cached for the life of the page). */
export function useRedirectPatterns(): () => Promise<string[]> {
  const api = useApi();
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      queryClient
        .query({
          queryKey: REDIRECT_PATTERNS_KEY,
          queryFn: () => api.call(ENDPOINTS.getRedirectAllowedRedirectDomains),
          staleTime: Infinity,
        })
        .catch((error: unknown) => {
          console.warn('Redirect allow-list unavailable; external redirects are refused', error);
          return [] as string[];
        }),
    [api, queryClient],
  );
}

/**
 * Returns `follow(candidates, fallbackPath)`: goes to the first permitted candidate (leaving the SPA
 * for an external one, forgetting the carried redirect), else to `fallbackPath`.
 */
export function useFollowRedirect(): (
  candidates: readonly (string | null | undefined)[],
  fallbackPath: string,
  options?: { state?: unknown },
) => Promise<void> {
  const navigate = useNavigate();
  const loadPatterns = useRedirectPatterns();
  return useCallback(
    async (candidates, fallbackPath, options) => {
      const external = candidates.some((candidate) => candidate && !isInternalPath(candidate));
      const target = chooseRedirect(candidates, external ? await loadPatterns() : []);
      forgetCarried('redirectUrl');
      if (target?.kind === 'external') {
        window.location.assign(target.url);
        return;
      }
      await navigate(target?.kind === 'internal' ? target.path : fallbackPath, {
        replace: true,
        state: options?.state,
      });
    },
    [navigate, loadPatterns],
  );
}
