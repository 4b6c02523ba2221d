/**
 * /account/cookies (spec §2 Cookies: "Per-category switches"; §4 Cookie consent; §7 GET cookie → the
 * categories, GET cookie/user/{id} → the player's choices, POST cookie/user/{id}/set-cookie
 * {Id_Cookie, IsAccepted}). Entered only when the custom cookie management flag is off (guard).
 */
import { useId } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useApi, useErrorHandler } from '../../shared/api/api-context.tsx';
import { useSession } from '../../shared/session/session-context.tsx';
import styles from '../../shared/ui/account-list.module.css';

/** A cookie category and the player's choice (not in @guildgate/contracts yet: cookie API later). */
const CookieSchema = z.object({
  Id: z.union([z.string(), z.number()]),
  Name: z.string(),
  Description: z.string().nullish(),
  IsMandatory: z.boolean().nullish(),
});
const UserCookieSchema = z.object({ Id_Cookie: z.union([z.string(), z.number()]), IsAccepted: z.boolean() });
type CookieCategory = z.infer<typeof CookieSchema>;

function CategoryRow({
  category,
  accepted,
  onToggle,
}: {
  category: CookieCategory;
  accepted: boolean;
  onToggle: (on: boolean) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <li className={styles.row}>
      <div className={styles.text}>
        <h3 id={`${id}-name`}>{category.Name}</h3>
        {category.Description ? <p>{category.Description}</p> : null}
        {category.IsMandatory ? <p>{t('cookies.mandatory')}</p> : null}
      </div>
      <input
        type="checkbox"
        role="switch"
        aria-labelledby={`${id}-name`}
        checked={category.IsMandatory ? true : accepted}
        disabled={Boolean(category.IsMandatory)}
        onChange={(event) => onToggle(event.target.checked)}
      />
    </li>
  );
}

/** The Cookies page. */
export function CookiesPage() {
  const { t } = useTranslation();
  const api = useApi();
  const onError = useErrorHandler();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const userId = user?.Id_User ?? '';
  const failed = (error: unknown) => {
    onError(error);
    throw error;
  };
  const categories = useQuery({
    queryKey: ['cookie'],
    queryFn: () => api.call('GET', 'cookie', { schema: z.array(CookieSchema) }).catch(failed),
  });
  const choices = useQuery({
    queryKey: ['cookie', 'user', userId],
    queryFn: () =>
      api
        .call('GET', `cookie/user/${encodeURIComponent(userId)}`, { schema: z.array(UserCookieSchema) })
        .catch(failed),
    enabled: Boolean(userId),
  });
  const setCookie = useMutation({
    mutationFn: (body: { Id_Cookie: string | number; IsAccepted: boolean }) =>
      api.call('POST', `cookie/user/${encodeURIComponent(userId)}/set-cookie`, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['cookie', 'user', userId] }),
    onError,
  });
  const accepted = (id: string | number) =>
    choices.data?.some((choice) => String(choice.Id_Cookie) === String(id) && choice.IsAccepted) ?? false;
  return (
    <section aria-labelledby="cookies-heading">
      <h2 id="cookies-heading">{t('cookies.heading')}</h2>
      <p>{t('cookies.intro')}</p>
      {categories.data ? (
        <ul className={styles.list}>
          {categories.data.map((category) => (
            <CategoryRow
              key={String(category.Id)}
              category={category}
              accepted={accepted(category.Id)}
              onToggle={(on) => setCookie.mutate({ Id_Cookie: category.Id, IsAccepted: on })}
            />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
