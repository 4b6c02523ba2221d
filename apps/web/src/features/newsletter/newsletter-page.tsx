/**
 * /account/newsletter (spec §2 Newsletter: "A list of opt-in lists with a toggle each"; §7 GET newsletter
 * → OptInList, POST newsletter/optin-user {ListId, IsOptIn, IsG2GOptIn}; §8 "Newsletter toggle errors
 * are listed under the list"). Each list is one of shared/ui's switches (the same as the cookie
 * settings'); a stored change is said in a polite live message ('Saved: …'). The guard ties the page to
 * the connections flag (spec §2 route table).
 */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ENDPOINTS, type OptIn } from '@guildgate/contracts';
import { useApi, useErrorHandler } from '../../shared/api/api-context.tsx';
import { collectFormErrors } from '../../shared/api/form-errors.ts';
import { ErrorSummary, StatusMessage, Switch } from '../../shared/ui/index.ts';
import styles from '../../shared/ui/account-list.module.css';

const QUERY_KEY = ['newsletter'] as const;

/** The Newsletter page. */
export function NewsletterPage() {
  const { t } = useTranslation();
  const api = useApi();
  const onError = useErrorHandler();
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<string[]>([]);
  const [saved, setSaved] = useState('');
  const lists = useQuery({
    queryKey: QUERY_KEY,
    queryFn: () =>
      api.call(ENDPOINTS.getNewsletter).catch((error: unknown) => {
        onError(error);
        throw error;
      }),
  });
  const toggle = useMutation({
    mutationFn: ({ list, on }: { list: OptIn; on: boolean }) =>
      api.call(ENDPOINTS.postNewsletterOptInUser, {
        // The general consent follows the lists (the server derives it; docs/account-data.md).
        body: { ListId: list.ListId, IsOptIn: on, IsG2GOptIn: on || (lists.data?.IsG2GOptIn ?? false) },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: QUERY_KEY }),
  });
  const onToggle = (list: OptIn, on: boolean) => {
    setErrors([]);
    setSaved('');
    toggle.mutate(
      { list, on },
      {
        onSuccess: () =>
          setSaved(t(on ? 'newsletter.savedOn' : 'newsletter.savedOff', { name: list.ListName })),
        onError: (error) => {
          const collected = collectFormErrors(error, []);
          if (collected) setErrors(collected.general);
          else onError(error);
        },
      },
    );
  };
  return (
    <section aria-labelledby="newsletter-heading">
      <h2 id="newsletter-heading">{t('newsletter.heading')}</h2>
      <p>{t('newsletter.intro')}</p>
      {lists.data && lists.data.OptInList.length === 0 ? <p>{t('newsletter.empty')}</p> : null}
      {lists.data ? (
        <ul className={styles.list}>
          {lists.data.OptInList.map((list) => (
            <li key={String(list.ListId)} className={styles.row}>
              <div className={styles.text}>
                <Switch
                  label={list.ListName}
                  isSelected={list.IsOptIn}
                  isDisabled={toggle.isPending}
                  onChange={(on) => onToggle(list, on)}
                />
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <ErrorSummary codes={errors} />
      <StatusMessage message={saved} />
    </section>
  );
}
