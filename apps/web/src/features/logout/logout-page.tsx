/**
 * /account/logout (spec §2 "Optional query id-user"; §4 Logout; §7 POST log/user/{id}/log-out → CookieName).
 * Clears the identity cookie, the partner cookie named in the answer (also on the main domain), the user
 * and the token — even when the call fails — then goes to the stored redirect or Home.
 */
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ENDPOINTS } from '@guildgate/contracts';
import { useApi } from '../../shared/api/api-context.tsx';
import { removePartnerCookie } from '../../shared/cookies/cookies.ts';
import { wantedRedirect } from '../../shared/redirect/carry-over.ts';
import { useFollowRedirect } from '../../shared/redirect/use-redirect.ts';
import { useSessionStore } from '../../shared/session/session-context.tsx';
import { ui } from '../../shared/ui/index.ts';

/** The log-out page: no form, it acts at once. */
export function LogoutPage() {
  const { t } = useTranslation();
  const api = useApi();
  const store = useSessionStore();
  const follow = useFollowRedirect();
  const [search] = useSearchParams();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const redirect = wantedRedirect(search);
    const run = async () => {
      // Wait for the session restore of the app start, so the call carries the player's bearer.
      if (store.getState().status === 'loading') {
        await new Promise<void>((resolve) => {
          const stop = store.subscribe(() => {
            if (store.getState().status !== 'loading') {
              stop();
              resolve();
            }
          });
        });
      }
      const idUser =
        search.get('id-user') || store.getState().user?.Id_User || store.getState().token?.Id_User;
      if (idUser && store.getState().token) {
        try {
          const answer = await api.call(ENDPOINTS.postLogUserLogOut, { params: { id: idUser } });
          if (answer.CookieName) removePartnerCookie(answer.CookieName);
        } catch (error) {
          console.warn('Log-out call failed; the session is cleared locally', error);
        }
      }
      store.clear();
      await follow([redirect], '/');
    };
    void run();
  }, [api, store, follow, search]);

  return (
    <section className={ui.card} aria-labelledby="logout-heading">
      <h1 id="logout-heading">{t('logout.heading')}</h1>
      <p>{t('logout.inProgress')}</p>
    </section>
  );
}
