/**
 * /admin/ip-bans — the banned address ranges (issue 24 §3; GET/POST admin/ip-bans, DELETE
 * admin/ip-bans/{id}). Every staff role reads them (`platform.read`); an admin (`platform.manage`)
 * bans an address or a CIDR range (IPv4 or IPv6) with a reason and an optional number of days, and
 * lifts a ban. The API refuses a range that would ban everyone or the caller's own address (codes in
 * the error list), so the console cannot lock its own operator out.
 */
import { useState, type SyntheticEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ENDPOINTS, type AdminIpBan } from '@guildgate/contracts';
import { useApi } from '../../shared/api/api-context.tsx';
import { ErrorSummary, TextField, ui, useConfirmation } from '../../shared/ui/index.ts';
import { can, errorCodesOf, formatAdminTime, useAdmin } from './admin-context.ts';
import { useActionMessages, useConfirmedChange } from './admin-ui.tsx';
import styles from './admin.module.css';

const BANS_KEY = ['admin', 'ip-bans'] as const;

/** The IP bans page. */
export function IpBansPage() {
  const { t } = useTranslation('admin');
  const api = useApi();
  const { me, guard } = useAdmin();
  const { done, failed, messages } = useActionMessages();
  const { confirm, dialog } = useConfirmation();
  const manage = can(me, 'platform.manage');
  const [range, setRange] = useState('');
  const [reason, setReason] = useState('');
  const [days, setDays] = useState('');
  const bans = useQuery({
    queryKey: BANS_KEY,
    queryFn: () => guard(() => api.call(ENDPOINTS.getAdminIpBans)),
  });
  const add = useMutation({
    mutationFn: () =>
      guard(() =>
        api.call(ENDPOINTS.postAdminIpBans, {
          body: {
            Range: range.trim(),
            ...(reason.trim() ? { Reason: reason.trim() } : {}),
            ...(days.trim() ? { Days: Number(days) } : {}),
          },
        }),
      ),
    onSuccess: async () => {
      const banned = range.trim();
      setRange('');
      setReason('');
      setDays('');
      await done(t('ipBans.added', { range: banned }));
    },
    onError: failed,
  });
  const remove = useConfirmedChange({
    run: (ban: AdminIpBan) => guard(() => api.call(ENDPOINTS.deleteAdminIpBans, { params: { id: ban.Id } })),
    question: (ban) => ({
      title: t('ipBans.removeTitle', { range: ban.Range }),
      body: t('ipBans.removeBody'),
      confirmLabel: t('ipBans.remove'),
      destructive: false,
    }),
    doneMessage: (ban) => t('ipBans.removed', { range: ban.Range }),
    actions: { done, failed },
    confirm,
  });
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    add.mutate();
  };
  return (
    <section aria-labelledby="admin-ip-bans-heading" className={ui.stack}>
      <h2 id="admin-ip-bans-heading">{t('ipBans.heading')}</h2>
      <p>{t('ipBans.intro')}</p>
      {messages}
      {bans.isPending ? (
        <p role="status">{t('loading')}</p>
      ) : bans.isError ? (
        <ErrorSummary codes={errorCodesOf(bans.error)} />
      ) : bans.data.Bans.length === 0 ? (
        <p>{t('ipBans.none')}</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table} aria-labelledby="admin-ip-bans-heading">
            <thead>
              <tr>
                <th scope="col">{t('ipBans.range')}</th>
                <th scope="col">{t('ipBans.reason')}</th>
                <th scope="col">{t('ipBans.since')}</th>
                <th scope="col">{t('ipBans.until')}</th>
                {manage ? <td /> : null}
              </tr>
            </thead>
            <tbody>
              {bans.data.Bans.map((ban) => (
                <tr key={ban.Id}>
                  <td>
                    <code>{ban.Range}</code>
                  </td>
                  <td>{ban.Reason ?? '—'}</td>
                  <td>{formatAdminTime(ban.CreatedAt)}</td>
                  <td>{ban.ExpiresAt ? formatAdminTime(ban.ExpiresAt) : t('ipBans.forever')}</td>
                  {manage ? (
                    <td>
                      <button
                        type="button"
                        className={ui.buttonSecondary}
                        aria-label={t('ipBans.removeLabel', { range: ban.Range })}
                        disabled={remove.isPending}
                        onClick={() => void remove.ask(ban)}
                      >
                        {t('ipBans.remove')}
                      </button>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {manage ? (
        <form className={ui.stack} onSubmit={submit}>
          <h3>{t('ipBans.newHeading')}</h3>
          <TextField
            label={t('ipBans.range')}
            hint={t('ipBans.rangeHint')}
            value={range}
            onChange={(e) => setRange(e.target.value)}
          />
          <TextField
            label={t('ipBans.reason')}
            value={reason}
            maxLength={500}
            onChange={(e) => setReason(e.target.value)}
          />
          <TextField
            label={t('ipBans.days')}
            hint={t('ipBans.daysHint')}
            inputMode="numeric"
            value={days}
            onChange={(e) => setDays(e.target.value.replace(/\D/g, ''))}
          />
          <div>
            <button type="submit" className={ui.button} disabled={add.isPending}>
              {t('ipBans.add')}
            </button>
          </div>
        </form>
      ) : null}
      {dialog}
    </section>
  );
}
