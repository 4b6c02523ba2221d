/**
 * /admin/redirects — the redirect allow-list (issue 24 §3; spec: the allowed redirect domains; GET/POST
 * admin/redirect-patterns, DELETE admin/redirect-patterns/{id}, POST admin/redirect-patterns/test).
 * Every staff role reads the patterns and uses the tester (`platform.read`): paste an address, see the
 * pattern that lets it through or why none does (the API answers with the very check every redirect
 * passes, so the tester cannot disagree with it). An admin (`platform.manage`) adds a pattern and
 * removes one added in the console (patterns from the configuration are shown, not removable).
 */
import { useState, type SyntheticEvent } from 'react';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ENDPOINTS, type RedirectPattern, type RedirectTestResponse } from '@guildgate/contracts';
import { useApi } from '../../shared/api/api-context.tsx';
import { ErrorSummary, StatusMessage, TextField, ui, useConfirmation } from '../../shared/ui/index.ts';
import { can, errorCodesOf, useAdmin } from './admin-context.ts';
import { NextPageButton, useActionMessages, useConfirmedChange } from './admin-ui.tsx';
import styles from './admin.module.css';

const PATTERNS_KEY = ['admin', 'redirect-patterns'] as const;

/** The tester: an address in, the verdict out. */
function Tester() {
  const { t } = useTranslation('admin');
  const api = useApi();
  const { guard } = useAdmin();
  const [url, setUrl] = useState('');
  const test = useMutation({
    mutationFn: (address: string) =>
      guard(() => api.call(ENDPOINTS.postAdminRedirectPatternsTest, { body: { Url: address } })),
  });
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    test.mutate(url.trim());
  };
  const verdict = (answer: RedirectTestResponse) =>
    answer.Allowed
      ? t('redirects.allowed', { pattern: answer.MatchedPattern ?? '' })
      : t('redirects.refused', { reason: t(`redirects.reasons.${answer.Reason ?? 'not_a_url'}`) });
  return (
    <section aria-labelledby="admin-tester-heading" className={ui.stack}>
      <h3 id="admin-tester-heading">{t('redirects.testerHeading')}</h3>
      <form className={styles.searchRow} onSubmit={submit}>
        <TextField label={t('redirects.url')} value={url} onChange={(e) => setUrl(e.target.value)} />
        <button type="submit" className={ui.button} disabled={test.isPending}>
          {t('redirects.test')}
        </button>
      </form>
      {test.isError ? <ErrorSummary codes={errorCodesOf(test.error)} /> : null}
      <StatusMessage message={test.data ? verdict(test.data) : ''} />
    </section>
  );
}

/** The redirects page. */
export function RedirectsPage() {
  const { t } = useTranslation('admin');
  const api = useApi();
  const { me, guard } = useAdmin();
  const { done, failed, messages } = useActionMessages();
  const { confirm, dialog } = useConfirmation();
  const manage = can(me, 'platform.manage');
  const [pattern, setPattern] = useState('');
  const patterns = useInfiniteQuery({
    queryKey: PATTERNS_KEY,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      guard(() =>
        api.call(ENDPOINTS.getAdminRedirectPatterns, { query: pageParam ? { cursor: pageParam } : {} }),
      ),
    getNextPageParam: (page) => page.NextCursor,
  });
  const add = useMutation({
    mutationFn: (value: string) =>
      guard(() => api.call(ENDPOINTS.postAdminRedirectPatterns, { body: { Pattern: value } })),
    onSuccess: async (_answer, value) => {
      setPattern('');
      await done(t('redirects.added', { pattern: value }));
    },
    onError: failed,
  });
  const remove = useConfirmedChange({
    run: (row: RedirectPattern) =>
      guard(() => api.call(ENDPOINTS.deleteAdminRedirectPatterns, { params: { id: row.Id } })),
    question: (row) => ({
      title: t('redirects.removeTitle', { pattern: row.Pattern }),
      body: t('redirects.removeBody'),
      confirmLabel: t('redirects.remove'),
    }),
    doneMessage: (row) => t('redirects.removed', { pattern: row.Pattern }),
    actions: { done, failed },
    confirm,
  });
  const rows = patterns.data?.pages.flatMap((page) => page.Patterns) ?? [];
  return (
    <section aria-labelledby="admin-redirects-heading" className={ui.stack}>
      <h2 id="admin-redirects-heading">{t('redirects.heading')}</h2>
      <p>{t('redirects.intro')}</p>
      <Tester />
      {messages}
      {patterns.isPending ? (
        <p role="status">{t('loading')}</p>
      ) : patterns.isError ? (
        <ErrorSummary codes={errorCodesOf(patterns.error)} />
      ) : (
        <ul className={ui.stack}>
          {rows.map((row) => (
            <li key={row.Id} className={styles.actions}>
              <code>{row.Pattern}</code>
              {row.Configured ? (
                <span>{t('redirects.configured')}</span>
              ) : manage ? (
                <button
                  type="button"
                  className={ui.buttonDangerSecondary}
                  aria-label={t('redirects.removeLabel', { pattern: row.Pattern })}
                  disabled={remove.isPending}
                  onClick={() => void remove.ask(row)}
                >
                  {t('redirects.remove')}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <NextPageButton query={patterns} />
      {manage ? (
        <form
          className={styles.searchRow}
          onSubmit={(event) => {
            event.preventDefault();
            add.mutate(pattern.trim());
          }}
        >
          <TextField
            label={t('redirects.newPattern')}
            hint={t('redirects.newPatternHint')}
            value={pattern}
            onChange={(e) => setPattern(e.target.value)}
          />
          <button type="submit" className={ui.button} disabled={add.isPending}>
            {t('redirects.add')}
          </button>
        </form>
      ) : null}
      {dialog}
    </section>
  );
}
