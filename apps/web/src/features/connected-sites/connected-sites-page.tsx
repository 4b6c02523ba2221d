/**
 * /account/connected-sites — Connected sites (issue 21 §4): the partner sites the player signed in to
 * through the hub's OpenID Provider (GET account/connected-sites), each with its name, what it can see
 * (the granted scopes in words; an unknown scope as it is), when it last used its access (DD/MM/YY,
 * spec §9) and "Remove access" (POST account/connected-sites/{clientId}/remove), which the player
 * confirms first in an alert dialog (shared/ui useConfirmation). After a removal the list is read again,
 * a status message says so, and focus goes to the heading (the button it was on is gone).
 */
import { useId, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ENDPOINTS, type ConnectedSite } from '@guildgate/contracts';
import { useApi, useErrorHandler } from '../../shared/api/api-context.tsx';
import { formatShortDate } from '../../shared/format/format-date.ts';
import { StatusMessage, ui, useConfirmation } from '../../shared/ui/index.ts';
import styles from '../../shared/ui/account-list.module.css';

/** The query key of the list. */
const SITES_KEY = ['account', 'connected-sites'] as const;

/** The scopes this page can put in words (the others are shown as they are). */
const KNOWN_SCOPES = new Set(['openid', 'profile', 'email']);

/** One site: name, what it can see, last use, Remove access. */
function SiteRow({
  site,
  busy,
  onRemove,
}: {
  site: ConnectedSite;
  busy: boolean;
  onRemove: (site: ConnectedSite) => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <li className={styles.row} aria-labelledby={headingId}>
      <div className={styles.text}>
        <h3 id={headingId}>{site.Name}</h3>
        <p>{t('connectedSites.access')}</p>
        <ul>
          {site.Scopes.map((scope) => (
            <li key={scope}>{KNOWN_SCOPES.has(scope) ? t(`connectedSites.scopes.${scope}`) : scope}</li>
          ))}
        </ul>
        <p>{t('connectedSites.lastUsed', { date: formatShortDate(site.LastUsedAt) })}</p>
      </div>
      <button
        type="button"
        className={ui.buttonDangerSecondary}
        aria-label={t('connectedSites.removeLabel', { name: site.Name })}
        disabled={busy}
        onClick={() => onRemove(site)}
      >
        {t('connectedSites.remove')}
      </button>
    </li>
  );
}

/** The Connected sites page. */
export function ConnectedSitesPage() {
  const { t } = useTranslation();
  const api = useApi();
  const onError = useErrorHandler();
  const queryClient = useQueryClient();
  const heading = useRef<HTMLHeadingElement>(null);
  const { confirm, dialog } = useConfirmation();
  const [notice, setNotice] = useState('');
  const sites = useQuery({
    queryKey: SITES_KEY,
    queryFn: () =>
      api.call(ENDPOINTS.getAccountConnectedSites).catch((error: unknown) => {
        onError(error);
        throw error;
      }),
  });
  const remove = useMutation({
    mutationFn: (site: ConnectedSite) =>
      api.call(ENDPOINTS.postAccountConnectedSitesRemove, { params: { clientId: site.ClientId } }),
    onSuccess: async (_answer, site) => {
      await queryClient.invalidateQueries({ queryKey: SITES_KEY });
      setNotice(t('connectedSites.removed', { name: site.Name }));
      heading.current?.focus();
    },
    onError,
  });
  const askToRemove = async (site: ConnectedSite) => {
    setNotice('');
    const confirmed = await confirm({
      title: t('connectedSites.confirm.title', { name: site.Name }),
      body: t('connectedSites.confirm.body', { name: site.Name }),
      confirmLabel: t('connectedSites.remove'),
      cancelLabel: t('connectedSites.confirm.cancel'),
    });
    if (confirmed) remove.mutate(site);
  };
  return (
    <section aria-labelledby="connected-sites-heading">
      <h2 id="connected-sites-heading" ref={heading} tabIndex={-1}>
        {t('connectedSites.heading')}
      </h2>
      <p>{t('connectedSites.intro')}</p>
      <StatusMessage message={notice} />
      {sites.data?.length === 0 ? <p>{t('connectedSites.empty')}</p> : null}
      {sites.data?.length ? (
        <ul className={styles.list}>
          {sites.data.map((site) => (
            <SiteRow
              key={site.ClientId}
              site={site}
              busy={remove.isPending}
              onRemove={(one) => void askToRemove(one)}
            />
          ))}
        </ul>
      ) : null}
      {dialog}
    </section>
  );
}
