/**
 * /account/cookies (spec §2 Cookies: "Per-category switches"; §4 Cookie consent; §7 GET
 * cookie/user/{id} → the categories with the player's choices, POST cookie/user/{id}/set-cookie
 * {Id_Cookie, IsAccepted}). One switch per active category, bound to the player's server record;
 * a change moves the switch at once and is stored with set-cookie (put back when refused), then the
 * consent cookies are written to match the record (so the banner and the tag manager follow at once)
 * and 'popup seen' is recorded once. A refused change is listed under the switches (spec §8); a stored
 * one is said in a polite live message. Entered only when the custom cookie management flag is off
 * (route guard; with it on, the side list opens the consent manager's dialog instead).
 */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ENDPOINTS, type CookieCategory, type SetCookieRequest } from '@guildgate/contracts';
import { useApi, useErrorHandler } from '../../shared/api/api-context.tsx';
import { collectFormErrors } from '../../shared/api/form-errors.ts';
import { shownCategories, valuesFromCategories } from '../../shared/cookies/consent.ts';
import { ConsentSwitch } from '../../shared/cookies/consent-switch.tsx';
import {
  COOKIE_QUERY_KEYS,
  claimConsentSync,
  fetchCookieCategories,
  recordPopupSeen,
  writeConsent,
} from '../../shared/cookies/use-consent.ts';
import { useSession } from '../../shared/session/session-context.tsx';
import { ErrorSummary, StatusMessage } from '../../shared/ui/index.ts';
import styles from '../../shared/ui/account-list.module.css';

/** The Cookies page. */
export function CookiesPage() {
  const { t } = useTranslation();
  const api = useApi();
  const onError = useErrorHandler();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const idUser = user?.Id_User ?? '';
  const queryKey = COOKIE_QUERY_KEYS.user(idUser);
  const [errors, setErrors] = useState<string[]>([]);
  const [saved, setSaved] = useState(false);
  const categories = useQuery({
    queryKey,
    queryFn: () =>
      fetchCookieCategories(api, idUser).catch((error: unknown) => {
        onError(error);
        throw error;
      }),
    enabled: Boolean(idUser),
  });
  const setCookie = useMutation({
    mutationFn: (body: SetCookieRequest) =>
      api.call(ENDPOINTS.postCookieUserSetCookie, { params: { id: idUser }, body }),
  });

  const onToggle = (category: CookieCategory, on: boolean) => {
    if (!user) return;
    setErrors([]);
    setSaved(false);
    // This page stores the choice itself: the consent manager need not send the cookies' choice.
    claimConsentSync(user.Id_User);
    // The switch moves at once (optimistic); a refused change puts it back.
    const previous = queryClient.getQueryData<CookieCategory[]>(queryKey) ?? [];
    const updated = previous.map((c) => (c.Id === category.Id ? { ...c, IsAccepted: on } : c));
    void queryClient.cancelQueries({ queryKey });
    queryClient.setQueryData(queryKey, updated);
    setCookie.mutate(
      { Id_Cookie: category.Id, IsAccepted: on },
      {
        onSuccess: () => {
          writeConsent(valuesFromCategories(updated));
          setSaved(true);
          recordPopupSeen(api, user).catch((error: unknown) => {
            console.warn("'Popup seen' could not be recorded", error);
          });
          void queryClient.invalidateQueries({ queryKey: COOKIE_QUERY_KEYS.all });
        },
        onError: (error) => {
          queryClient.setQueryData(queryKey, previous);
          const collected = collectFormErrors(error, []);
          if (collected) setErrors(collected.general);
          else onError(error);
        },
      },
    );
  };

  return (
    <section aria-labelledby="cookies-heading">
      <h2 id="cookies-heading">{t('cookies.heading')}</h2>
      <p>{t('cookies.intro')}</p>
      {categories.data ? (
        <ul className={styles.list}>
          {shownCategories(categories.data).map((category) => (
            <li key={category.Id}>
              <ConsentSwitch
                category={category}
                isSelected={category.IsAccepted}
                isBusy={setCookie.isPending}
                onChange={(on) => onToggle(category, on)}
              />
            </li>
          ))}
        </ul>
      ) : null}
      <ErrorSummary codes={errors} />
      <StatusMessage message={saved ? t('cookies.saved') : ''} />
    </section>
  );
}
