/**
 * /admin/audit — the staff audit trail (issue 24 §1; GET admin/audit, permission `audit.read`): what
 * staff and the operator command did, to whom, and what changed, newest first, with "Next page" for
 * older events (the API's cursor). Each event names the player it concerns (a link to their page) or
 * the setting (`client:…`), and shows its changes, its details (an export's rows) and the reason given. `?target=<Id_User>` shows only the events about one player (the
 * player page links here); "Show every event" drops it.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ENDPOINTS, type StaffActor, type StaffAuditEvent } from '@guildgate/contracts';
import { useApi, useErrorHandler } from '../../shared/api/api-context.tsx';
import { ui } from '../../shared/ui/index.ts';
import { ADMIN_KEYS, formatAdminTime, useAdmin } from './admin-context.ts';
import { NextPageButton } from './admin-ui.tsx';
import styles from './admin.module.css';

/** Who did it, in words. */
function ActorName({ actor }: { actor: StaffActor }) {
  const { t } = useTranslation('admin');
  if (actor.Kind === 'operator') return <>{t('audit.operator')}</>;
  return <>{actor.Username ?? t('audit.deleted')}</>;
}

/** One event as a table row. */
function EventRow({ event }: { event: StaffAuditEvent }) {
  const { t } = useTranslation('admin');
  const empty = t('audit.empty');
  return (
    <tr>
      <td>{formatAdminTime(event.At)}</td>
      <td>
        <ActorName actor={event.Actor} />
      </td>
      <td>{event.Type}</td>
      <td>
        {event.Target?.Id_User ? (
          <Link to={`/admin/players/${event.Target.Id_User}`}>
            {event.Target.Username ?? event.Target.Id_User}
          </Link>
        ) : event.Subject ? (
          <code>{event.Subject}</code>
        ) : (
          empty
        )}
      </td>
      <td>
        {event.Changes.length === 0
          ? empty
          : event.Changes.map((change) => (
              <div key={change.Field}>
                {t('audit.change', {
                  field: change.Field,
                  from: change.From ?? empty,
                  to: change.To ?? empty,
                })}
              </div>
            ))}
      </td>
    </tr>
  );
}

/** The audit trail page. */
export function AuditPage() {
  const { t } = useTranslation('admin');
  const api = useApi();
  const onError = useErrorHandler();
  const { guard } = useAdmin();
  const [search] = useSearchParams();
  const target = search.get('target');
  const events = useInfiniteQuery({
    queryKey: ADMIN_KEYS.audit(target),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      guard(() =>
        api.call(ENDPOINTS.getAdminAudit, {
          query: { ...(pageParam ? { cursor: pageParam } : {}), ...(target ? { target } : {}) },
        }),
      ).catch((error: unknown) => {
        onError(error);
        throw error;
      }),
    getNextPageParam: (page) => page.NextCursor,
  });
  const rows = events.data?.pages.flatMap((page) => page.Events) ?? [];
  return (
    <section aria-labelledby="admin-audit-heading" className={ui.stack}>
      <h2 id="admin-audit-heading">{t('audit.heading')}</h2>
      <p>{t('audit.intro')}</p>
      {target ? (
        <p>
          {t('audit.filtered', { target })} <Link to="/admin/audit">{t('audit.showAll')}</Link>
        </p>
      ) : null}
      {events.isPending ? (
        <p role="status">{t('loading')}</p>
      ) : rows.length === 0 ? (
        <p>{t('audit.none')}</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table} aria-labelledby="admin-audit-heading">
            <thead>
              <tr>
                <th scope="col">{t('audit.columns.at')}</th>
                <th scope="col">{t('audit.columns.actor')}</th>
                <th scope="col">{t('audit.columns.type')}</th>
                <th scope="col">{t('audit.columns.target')}</th>
                <th scope="col">{t('audit.columns.changes')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((event) => (
                <EventRow key={event.Id} event={event} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <NextPageButton query={events} />
    </section>
  );
}
