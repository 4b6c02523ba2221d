/**
 * /account/newsletter (spec §2 Newsletter: "A list of opt-in lists with a toggle each"; §7 GET newsletter
 * → OptInList, POST newsletter/optin-user {ListId, IsOptIn, IsG2GOptIn}; §8 "Newsletter toggle errors
 * are listed under the list"). The guard ties the page to the connections flag (spec §2 route table).
 */
import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NewsletterResponseSchema, type OptIn } from '@guildgate/contracts';
import { useApi, useErrorHandler } from '../../shared/api/api-context.tsx';
import { collectFormErrors } from '../../shared/api/form-errors.ts';
import { ErrorSummary } from '../../shared/ui/index.ts';
import styles from '../../shared/ui/account-list.module.css';

const QUERY_KEY = ['newsletter'] as const;

function OptInRow({ list, onToggle, busy }: { list: OptIn; onToggle: (on: boolean) => void; busy: boolean }) {
  const id = useId();
  return (
    <li className={styles.row}>
      <div className={styles.text}>
        <h3 id={`${id}-name`}>{list.ListName}</h3>
      </div>
      <input
        type="checkbox"
        role="switch"
        aria-labelledby={`${id}-name`}
        checked={list.IsOptIn}
        disabled={busy}
        onChange={(event) => onToggle(event.target.checked)}
      />
    </li>
  );
}

/** The Newsletter page. */
export function NewsletterPage() {
  const { t } = useTranslation();
  const api = useApi();
  const onError = useErrorHandler();
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<string[]>([]);
  const lists = useQuery({
    queryKey: QUERY_KEY,
    queryFn: () =>
      api.call('GET', 'newsletter', { schema: NewsletterResponseSchema }).catch((error: unknown) => {
        onError(error);
        throw error;
      }),
  });
  const toggle = useMutation({
    mutationFn: ({ list, on }: { list: OptIn; on: boolean }) =>
      api.call('POST', 'newsletter/optin-user', {
        // The general consent follows the lists (the server derives it; docs/account-data.md).
        body: { ListId: list.ListId, IsOptIn: on, IsG2GOptIn: on || (lists.data?.IsG2GOptIn ?? false) },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: QUERY_KEY }),
  });
  const onToggle = (list: OptIn, on: boolean) => {
    setErrors([]);
    toggle.mutate(
      { list, on },
      {
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
            <OptInRow
              key={String(list.ListId)}
              list={list}
              busy={toggle.isPending}
              onToggle={(on) => onToggle(list, on)}
            />
          ))}
        </ul>
      ) : null}
      <ErrorSummary codes={errors} />
    </section>
  );
}
