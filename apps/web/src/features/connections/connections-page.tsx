/**
 * /account/link-account — Connections (spec §2: one row per connection; a linked row shows the age of the
 * last sync with unlink and refresh buttons; an unlinked row shows a Connect button; §7 GET
 * profile/connects). Connect and refresh open the provider's link route (refresh with router state
 * `{ refresh: true }`: the link flow again updates Name, Avatar and LastCheck), unlink its unlink route.
 * A linked row shows the account's avatar and name at the provider; the game-pass row has no link flow.
 * Each row carries the provider's mark (public/icons, see its README for the artwork's licence). Unlink
 * is drawn destructive and asks for confirmation first (an alert dialog, shared/ui useConfirmation).
 * The guard sends the player to Information when the connections section is disabled.
 */
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ENDPOINTS, type Connection } from '@guildgate/contracts';
import { useApi, useErrorHandler } from '../../shared/api/api-context.tsx';
import { ui, useConfirmation, type Confirmation } from '../../shared/ui/index.ts';
import { lastSyncText } from './sync-age.ts';
import styles from '../../shared/ui/account-list.module.css';

/** Providers with link routes (the game-pass connection has none). */
const LINKABLE = new Set(['steam', 'twitch', 'epic-games']);

function ConnectionRow({
  connection,
  now,
  confirm,
}: {
  connection: Connection;
  now: number;
  confirm: Confirmation['confirm'];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const name = connection.Name;
  const linkable = LINKABLE.has(connection.CanonicalName);
  const go = (step: 'link' | 'unlink', refresh = false) =>
    void navigate(`/${connection.CanonicalName}/${step}`, { state: refresh ? { refresh } : undefined });
  const unlink = async () => {
    const confirmed = await confirm({
      title: t('connections.unlinkConfirm.title', { name }),
      body: t('connections.unlinkConfirm.body', { name }),
      confirmLabel: t('connections.unlink'),
      cancelLabel: t('connections.unlinkConfirm.cancel'),
    });
    if (confirmed) go('unlink');
  };
  return (
    <li className={styles.row} aria-labelledby={id}>
      {connection.Icon ? <img className={styles.icon} src={connection.Icon} alt="" /> : null}
      <div className={styles.text}>
        <h3 id={id}>{name}</h3>
        {connection.IsLinked ? (
          <>
            <p className={styles.linkedAs}>
              {connection.Avatar ? (
                <img
                  className={styles.avatar}
                  src={connection.Avatar}
                  alt={t('connections.avatarAlt', { name: connection.ConnectName ?? name })}
                  width={32}
                  height={32}
                />
              ) : null}
              {t('connections.linkedAs', { name: connection.ConnectName ?? name })}
            </p>
            <p>{lastSyncText(t, connection.LastCheck, now)}</p>
          </>
        ) : (
          <p>{linkable ? t('connections.notLinked') : t('connections.unavailable')}</p>
        )}
      </div>
      {linkable ? (
        <div className={ui.actions}>
          {connection.IsLinked ? (
            <>
              <button
                type="button"
                className={ui.buttonSecondary}
                aria-label={t('connections.refreshLabel', { name })}
                onClick={() => go('link', true)}
              >
                {t('connections.refresh')}
              </button>
              <button
                type="button"
                className={ui.buttonDangerSecondary}
                aria-label={t('connections.unlinkLabel', { name })}
                onClick={() => void unlink()}
              >
                {t('connections.unlink')}
              </button>
            </>
          ) : (
            <button
              type="button"
              className={ui.button}
              aria-label={t('connections.connectLabel', { name })}
              onClick={() => go('link')}
            >
              {t('connections.connect')}
            </button>
          )}
        </div>
      ) : null}
    </li>
  );
}

/** The Connections page. */
export function ConnectionsPage() {
  const { t } = useTranslation();
  const api = useApi();
  const onError = useErrorHandler();
  const { confirm, dialog } = useConfirmation();
  const connections = useQuery({
    queryKey: ['profile', 'connects'],
    queryFn: () =>
      api.call(ENDPOINTS.getProfileConnects).catch((error: unknown) => {
        onError(error);
        throw error;
      }),
  });
  return (
    <section aria-labelledby="connections-heading">
      <h2 id="connections-heading">{t('connections.heading')}</h2>
      <p>{t('connections.intro')}</p>
      {connections.data ? (
        <ul className={styles.list}>
          {connections.data.map((connection) => (
            <ConnectionRow
              key={connection.Id}
              connection={connection}
              now={connections.dataUpdatedAt}
              confirm={confirm}
            />
          ))}
        </ul>
      ) : null}
      {dialog}
    </section>
  );
}
