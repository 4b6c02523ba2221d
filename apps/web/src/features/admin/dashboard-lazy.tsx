/**
 * The dashboard page loaded on first show (issue 24 §4): its chart library (Recharts) is larger than the
 * rest of the console together, so it stays out of the console's chunk until a staff member opens it.
 */
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

const Dashboard = lazy(async () => ({ default: (await import('./dashboard-page.tsx')).DashboardPage }));

/** The dashboard, with a loading notice while its chunk arrives. */
export function DashboardPage() {
  const { t } = useTranslation('admin');
  return (
    <Suspense fallback={<p role="status">{t('loading')}</p>}>
      <Dashboard />
    </Suspense>
  );
}
