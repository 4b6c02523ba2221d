/**
 * /admin/reports — what players said on leaving, and the survey's answers (issue 24 §3; GET
 * admin/deletion-reasons, GET admin/survey/export). Every staff role reads the deletion types with how
 * many deletions gave each, how many gave no reason or a free-text one, and the free texts by pages
 * (`reports.read`; no player is named: they are gone). An admin downloads the survey answers as CSV
 * (`players.export`).
 */
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ENDPOINTS } from '@guildgate/contracts';
import { useApi } from '../../shared/api/api-context.tsx';
import { saveTextFile } from '../../shared/browser/save-file.ts';
import { ErrorSummary, ui } from '../../shared/ui/index.ts';
import { can, errorCodesOf, formatAdminTime, useAdmin } from './admin-context.ts';
import { NextPageButton } from './admin-ui.tsx';
import styles from './admin.module.css';

/** The reports page. */
export function ReportsPage() {
  const { t } = useTranslation('admin');
  const api = useApi();
  const { me, guard } = useAdmin();
  const reasons = useInfiniteQuery({
    queryKey: ['admin', 'deletion-reasons'],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      guard(() =>
        api.call(ENDPOINTS.getAdminDeletionReasons, { query: pageParam ? { cursor: pageParam } : {} }),
      ),
    getNextPageParam: (page) => page.NextCursor,
  });
  const survey = useMutation({
    mutationFn: () => guard(() => api.call(ENDPOINTS.getAdminSurveyExport)),
    onSuccess: (csv) =>
      saveTextFile(csv, `guildgate-survey-${new Date().toISOString().slice(0, 10)}.csv`, 'text/csv'),
  });
  const first = reasons.data?.pages[0];
  const texts = reasons.data?.pages.flatMap((page) => page.Reasons) ?? [];
  return (
    <div className={ui.stack}>
      <section aria-labelledby="admin-deletions-heading" className={ui.stack}>
        <h2 id="admin-deletions-heading">{t('reports.deletionsHeading')}</h2>
        {reasons.isPending ? (
          <p role="status">{t('loading')}</p>
        ) : reasons.isError ? (
          <ErrorSummary codes={errorCodesOf(reasons.error)} />
        ) : first ? (
          <>
            <p>
              {t('reports.summary', {
                deletions: first.Deletions,
                skipped: first.Skipped,
                withText: first.WithText,
              })}
            </p>
            <div className={styles.tableWrap}>
              <table className={styles.table} aria-labelledby="admin-deletions-heading">
                <thead>
                  <tr>
                    <th scope="col">{t('reports.type')}</th>
                    <th scope="col">{t('reports.count')}</th>
                  </tr>
                </thead>
                <tbody>
                  {first.Types.map((type) => (
                    <tr key={type.Id}>
                      <th scope="row">{type.Description}</th>
                      <td>{type.Count}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <h3>{t('reports.textsHeading')}</h3>
            {texts.length === 0 ? (
              <p>{t('reports.noTexts')}</p>
            ) : (
              <ul className={ui.stack}>
                {texts.map((reason) => (
                  <li key={reason.Id} className={styles.card}>
                    <p>{reason.DeletionReason}</p>
                    <p className={ui.hint}>{formatAdminTime(reason.At)}</p>
                  </li>
                ))}
              </ul>
            )}
            <NextPageButton query={reasons} />
          </>
        ) : null}
      </section>
      {can(me, 'players.export') ? (
        <section aria-labelledby="admin-survey-heading" className={ui.stack}>
          <h2 id="admin-survey-heading">{t('reports.surveyHeading')}</h2>
          <p>{t('reports.surveyIntro')}</p>
          {survey.isError ? <ErrorSummary codes={errorCodesOf(survey.error)} /> : null}
          <div>
            <button
              type="button"
              className={ui.button}
              disabled={survey.isPending}
              onClick={() => survey.mutate()}
            >
              {t('reports.surveyDownload')}
            </button>
          </div>
        </section>
      ) : null}
    </div>
  );
}
