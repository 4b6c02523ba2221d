/**
 * /admin/access-keys — the access keys of registration with keys (issue 24 §3; spec: the access-key
 * call; GET/POST admin/access-keys, POST admin/access-keys/revoke, GET admin/access-keys/export).
 * Every staff role reads the list, filtered by state (`platform.read`); an admin
 * (`platform.manage`) generates a batch (count, label, days of validity) — the keys are shown once,
 * with a download, as the store keeps only their hashes — and revokes a batch; an admin exports the
 * list as CSV (`players.export`: it names the players who used keys).
 */
import { useId, useState, type SyntheticEvent } from 'react';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ACCESS_KEY_STATES, ENDPOINTS, type AccessKeyState } from '@guildgate/contracts';
import { useApi } from '../../shared/api/api-context.tsx';
import { saveTextFile } from '../../shared/browser/save-file.ts';
import { ErrorSummary, TextField, ui } from '../../shared/ui/index.ts';
import { can, errorCodesOf, formatAdminTime, useAdmin } from './admin-context.ts';
import { NextPageButton, useActionMessages } from './admin-ui.tsx';
import styles from './admin.module.css';

/** Today's date (UTC, YYYY-MM-DD), for the files' names. */
const today = () => new Date().toISOString().slice(0, 10);

/** The access keys page. */
export function AccessKeysPage() {
  const { t } = useTranslation('admin');
  const api = useApi();
  const { me, guard } = useAdmin();
  const { done, failed, messages } = useActionMessages(['admin', 'access-keys']);
  const manage = can(me, 'platform.manage');
  const [state, setState] = useState<AccessKeyState | ''>('');
  const [count, setCount] = useState('10');
  const [batch, setBatch] = useState('');
  const [expires, setExpires] = useState('');
  const [revokeBatch, setRevokeBatch] = useState('');
  const [generated, setGenerated] = useState<string[] | null>(null);
  const stateId = useId();
  const keys = useInfiniteQuery({
    queryKey: ['admin', 'access-keys', state],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      guard(() =>
        api.call(ENDPOINTS.getAdminAccessKeys, {
          query: { ...(state ? { state } : {}), ...(pageParam ? { cursor: pageParam } : {}) },
        }),
      ),
    getNextPageParam: (page) => page.NextCursor,
  });
  const generate = useMutation({
    mutationFn: () =>
      guard(() =>
        api.call(ENDPOINTS.postAdminAccessKeys, {
          body: {
            Count: Number(count),
            ...(batch.trim() ? { Batch: batch.trim() } : {}),
            ...(expires ? { ExpiresInDays: Number(expires) } : {}),
          },
        }),
      ),
    onSuccess: async (answer) => {
      setGenerated(answer.Keys);
      await done(t('keys.generated', { count: answer.Keys.length }));
    },
    onError: failed,
  });
  const revoke = useMutation({
    mutationFn: () =>
      guard(() => api.call(ENDPOINTS.postAdminAccessKeysRevoke, { body: { Batch: revokeBatch.trim() } })),
    onSuccess: async (answer) => {
      setRevokeBatch('');
      await done(t('keys.revoked', { count: answer.Revoked }));
    },
    onError: failed,
  });
  const exportKeys = useMutation({
    mutationFn: () =>
      guard(() => api.call(ENDPOINTS.getAdminAccessKeysExport, { query: state ? { state } : {} })),
    onSuccess: (csv) => saveTextFile(csv, `guildgate-access-keys-${today()}.csv`, 'text/csv'),
    onError: failed,
  });
  const submitGenerate = (event: SyntheticEvent) => {
    event.preventDefault();
    generate.mutate();
  };
  const submitRevoke = (event: SyntheticEvent) => {
    event.preventDefault();
    revoke.mutate();
  };
  const rows = keys.data?.pages.flatMap((page) => page.Keys) ?? [];
  return (
    <section aria-labelledby="admin-keys-heading" className={ui.stack}>
      <h2 id="admin-keys-heading">{t('keys.heading')}</h2>
      <p>{t('keys.intro')}</p>
      {messages}
      {generated ? (
        <div className={styles.secret} role="region" aria-labelledby="admin-new-keys-heading">
          <h3 id="admin-new-keys-heading">{t('keys.newKeys')}</h3>
          <p>{t('keys.newKeysIntro')}</p>
          <textarea
            className={ui.input}
            readOnly
            rows={Math.min(12, generated.length)}
            value={generated.join('\n')}
            aria-labelledby="admin-new-keys-heading"
          />
          <div className={styles.actions}>
            <button
              type="button"
              className={ui.buttonSecondary}
              onClick={() =>
                saveTextFile(`${generated.join('\n')}\n`, `guildgate-new-keys-${today()}.txt`, 'text/plain')
              }
            >
              {t('keys.downloadNew')}
            </button>
            <button type="button" className={ui.buttonSecondary} onClick={() => setGenerated(null)}>
              {t('keys.newKeysDone')}
            </button>
          </div>
        </div>
      ) : null}
      <div className={styles.searchRow}>
        <div className={ui.field}>
          <label htmlFor={stateId} className={ui.label}>
            {t('keys.state')}
          </label>
          <select
            id={stateId}
            className={ui.input}
            value={state}
            onChange={(event) => setState(event.target.value as AccessKeyState | '')}
          >
            <option value="">{t('keys.states.all')}</option>
            {ACCESS_KEY_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`keys.states.${s}`)}
              </option>
            ))}
          </select>
        </div>
        {can(me, 'players.export') ? (
          <button
            type="button"
            className={ui.buttonSecondary}
            disabled={exportKeys.isPending}
            onClick={() => exportKeys.mutate()}
          >
            {t('keys.export')}
          </button>
        ) : null}
      </div>
      {keys.isPending ? (
        <p role="status">{t('loading')}</p>
      ) : keys.isError ? (
        <ErrorSummary codes={errorCodesOf(keys.error)} />
      ) : rows.length === 0 ? (
        <p>{t('keys.none')}</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table} aria-labelledby="admin-keys-heading">
            <thead>
              <tr>
                <th scope="col">{t('keys.columns.id')}</th>
                <th scope="col">{t('keys.columns.batch')}</th>
                <th scope="col">{t('keys.columns.state')}</th>
                <th scope="col">{t('keys.columns.created')}</th>
                <th scope="col">{t('keys.columns.usedBy')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((key) => (
                <tr key={key.Id}>
                  <td>{key.Id}</td>
                  <td>{key.Batch ?? '—'}</td>
                  <td>{t(`keys.states.${key.State}`)}</td>
                  <td>{formatAdminTime(key.CreatedAt)}</td>
                  <td>{key.UsedBy ? (key.UsedBy.Username ?? t('audit.deleted')) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <NextPageButton query={keys} />
      {manage ? (
        <>
          <form className={ui.stack} onSubmit={submitGenerate} aria-labelledby="admin-generate-heading">
            <h3 id="admin-generate-heading">{t('keys.generateHeading')}</h3>
            <TextField
              label={t('keys.count')}
              inputMode="numeric"
              value={count}
              onChange={(e) => setCount(e.target.value.replace(/\D/g, ''))}
            />
            <TextField
              label={t('keys.batch')}
              value={batch}
              maxLength={100}
              onChange={(e) => setBatch(e.target.value)}
            />
            <TextField
              label={t('keys.expires')}
              hint={t('keys.expiresHint')}
              inputMode="numeric"
              value={expires}
              onChange={(e) => setExpires(e.target.value.replace(/\D/g, ''))}
            />
            <div>
              <button type="submit" className={ui.button} disabled={generate.isPending}>
                {t('keys.generate')}
              </button>
            </div>
          </form>
          <form className={ui.stack} onSubmit={submitRevoke} aria-labelledby="admin-revoke-heading">
            <h3 id="admin-revoke-heading">{t('keys.revokeHeading')}</h3>
            <TextField
              label={t('keys.batch')}
              value={revokeBatch}
              maxLength={100}
              onChange={(e) => setRevokeBatch(e.target.value)}
            />
            <div>
              <button type="submit" className={ui.buttonDangerSecondary} disabled={revoke.isPending}>
                {t('keys.revoke')}
              </button>
            </div>
          </form>
        </>
      ) : null}
    </section>
  );
}
