/**
 * /admin/dashboard — the platform at a glance (issue 24 §4; GET admin/dashboard, permission
 * `reports.read`): per UTC day over the last 7, 30 or 90 days, as line charts drawn with Recharts (a
 * kept chart library; this page's chunk alone loads it): registrations and confirmations; log-ins;
 * failed log-ins and throttle locks; accounts linked per provider; deletions. Each chart is a figure
 * named by its caption, with its numbers in a table under "Show the numbers" (the chart's text
 * alternative, WCAG 1.1.1), and the total of each series over the span in the caption. The drawing
 * itself is hidden from assistive technologies and takes no focus (Recharts' keyboard layer off): the
 * table says the same.
 */
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ENDPOINTS, type DashboardResponse } from '@guildgate/contracts';
import { useApi } from '../../shared/api/api-context.tsx';
import { ErrorSummary, ui } from '../../shared/ui/index.ts';
import { errorCodesOf, useAdmin } from './admin-context.ts';
import styles from './admin.module.css';

/** The spans the page offers, in days. */
const SPANS = [7, 30, 90] as const;
/** Line colours, each at least 4.5:1 against the white surface. */
const COLOURS = ['#4a2fb0', '#b3261e', '#1b6b3a', '#8a4b00'] as const;

/** One series of a chart: its label and its count per day. */
interface Series {
  label: string;
  values: readonly number[];
}

/** A chart of `series` over `days`, with its numbers as a table. */
function Chart({ title, days, series }: { title: string; days: readonly string[]; series: Series[] }) {
  const { t } = useTranslation('admin');
  const captionId = useId();
  const rows = days.map((day, i) => ({
    day: day.slice(5),
    ...Object.fromEntries(series.map((s) => [s.label, s.values[i] ?? 0])),
  }));
  const total = (s: Series) => s.values.reduce((sum, v) => sum + v, 0);
  return (
    <figure className={styles.chart} aria-labelledby={captionId}>
      <figcaption id={captionId}>
        <strong>{title}</strong>{' '}
        {series.map((s) => t('dashboard.total', { label: s.label, count: total(s) })).join(' · ')}
      </figcaption>
      <div className={styles.chartArea} aria-hidden="true">
        <ResponsiveContainer width="100%" height={220}>
          <LineChart
            data={rows}
            margin={{ top: 8, right: 16, bottom: 0, left: 0 }}
            accessibilityLayer={false}
          >
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="day" minTickGap={16} />
            <YAxis allowDecimals={false} width={40} />
            <Tooltip />
            <Legend />
            {series.map((s, i) => (
              <Line
                key={s.label}
                type="monotone"
                dataKey={s.label}
                stroke={COLOURS[i % COLOURS.length]}
                strokeWidth={2}
                dot={false}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
      <details>
        <summary>{t('dashboard.numbers')}</summary>
        <div className={styles.tableWrap}>
          <table className={styles.table} aria-labelledby={captionId}>
            <thead>
              <tr>
                <th scope="col">{t('dashboard.day')}</th>
                {series.map((s) => (
                  <th scope="col" key={s.label}>
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((day, i) => (
                <tr key={day}>
                  <th scope="row">{day}</th>
                  {series.map((s) => (
                    <td key={s.label}>{s.values[i] ?? 0}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

/** The charts of one answer. */
function Charts({ data }: { data: DashboardResponse }) {
  const { t } = useTranslation('admin');
  const { Days: days, Series: s } = data;
  return (
    <>
      <Chart
        title={t('dashboard.accounts')}
        days={days}
        series={[
          { label: t('dashboard.series.registrations'), values: s.Registrations },
          { label: t('dashboard.series.confirmations'), values: s.Confirmations },
        ]}
      />
      <Chart
        title={t('dashboard.logIns')}
        days={days}
        series={[{ label: t('dashboard.series.logIns'), values: s.LogIns }]}
      />
      <Chart
        title={t('dashboard.failures')}
        days={days}
        series={[
          { label: t('dashboard.series.failedLogIns'), values: s.FailedLogIns },
          { label: t('dashboard.series.locks'), values: s.Locks },
        ]}
      />
      <Chart
        title={t('dashboard.links')}
        days={days}
        series={[
          { label: 'Steam', values: s.Links.Steam },
          { label: 'Twitch', values: s.Links.Twitch },
          { label: 'Epic Games', values: s.Links.EpicGames },
        ]}
      />
      <Chart
        title={t('dashboard.deletions')}
        days={days}
        series={[{ label: t('dashboard.series.deletions'), values: s.Deletions }]}
      />
    </>
  );
}

/** The dashboard page. */
export function DashboardPage() {
  const { t } = useTranslation('admin');
  const api = useApi();
  const { guard } = useAdmin();
  const [days, setDays] = useState<number>(30);
  const spanId = useId();
  const dashboard = useQuery({
    queryKey: ['admin', 'dashboard', days],
    queryFn: () => guard(() => api.call(ENDPOINTS.getAdminDashboard, { query: { days } })),
  });
  return (
    <section aria-labelledby="admin-dashboard-heading" className={ui.stack}>
      <h2 id="admin-dashboard-heading">{t('dashboard.heading')}</h2>
      <div className={ui.field}>
        <label htmlFor={spanId} className={ui.label}>
          {t('dashboard.span')}
        </label>
        <select
          id={spanId}
          className={ui.input}
          value={days}
          onChange={(event) => setDays(Number(event.target.value))}
        >
          {SPANS.map((span) => (
            <option key={span} value={span}>
              {t('dashboard.days', { count: span })}
            </option>
          ))}
        </select>
      </div>
      {dashboard.isPending ? (
        <p role="status">{t('loading')}</p>
      ) : dashboard.isError ? (
        <ErrorSummary codes={errorCodesOf(dashboard.error)} />
      ) : (
        <Charts data={dashboard.data} />
      )}
    </section>
  );
}
