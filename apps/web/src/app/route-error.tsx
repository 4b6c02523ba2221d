/**
 * The router's error element: a page crash or a failed lazy import shows the generic error page
 * (spec §2 Error: 'Ooops, something went wrong.') inside a minimal shell.
 */
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Shown when rendering a route fails. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  useEffect(() => {
    console.error('Page failed', error);
  }, [error]);
  return (
    <main id="main" style={{ maxWidth: '40rem', margin: '2rem auto', padding: '0 1rem' }}>
      <h1>{t('errors.heading')}</h1>
      <p>
        <a href="/">{t('common.returnHome')}</a>
      </p>
    </main>
  );
}
