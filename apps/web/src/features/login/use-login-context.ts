/**
 * What every login view needs (spec §3 Login forms; §4 Session): the OAuth client id and the redirect
 * of the page (query, else carried), the studio name, and `complete(created)` that turns `Created` into
 * a session. On success the route-rules guard (app/route-rules.ts) follows the permitted redirect or
 * opens /account; when the session is refused the player goes Home (spec §4).
 */
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useAppConfiguration } from '../../shared/config/config-context.tsx';
import { useSession, useSessionStore } from '../../shared/session/session-context.tsx';
import { wantedClientId, wantedRedirect } from '../../shared/redirect/carry-over.ts';
import { externalRedirectUrl } from '../../shared/redirect/redirect-choice.ts';

/** Shared inputs and completion of the login views. */
export function useLoginContext() {
  const { config } = useAppConfiguration();
  const [search] = useSearchParams();
  const store = useSessionStore();
  const session = useSession();
  const navigate = useNavigate();
  const complete = useCallback(
    async (created: string) => {
      const ok = await store.establish(created);
      if (!ok) await navigate('/', { replace: true });
    },
    [store, navigate],
  );
  return {
    clientId: wantedClientId(search, config.clientId),
    /** The absolute redirect to pass to the API (internal return paths are not sent). */
    redirectUrl: externalRedirectUrl(wantedRedirect(search)),
    studioName: config.registerStudioName,
    establishing: session.establishing,
    complete,
  };
}
