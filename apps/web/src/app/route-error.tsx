/**
 * The router's error element: a page crash shows the generic error page (spec §2 Error: 'Ooops,
 * something went wrong.') inside the page shell, so the header and the cookie control stay (spec §2 "A
 * cookie control sits on every page"). A lazy page whose code could not be loaded (the network dropped,
 * or a new release replaced the files) says so and offers to reload the page (issue 19 §5).
 */
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorPage } from '../features/errors/error-page.tsx';
import { ui } from '../shared/ui/index.ts';
import { isChunkLoadError } from './chunk-load-error.ts';
import { PageShell } from './root-layout.tsx';

/** A page whose code could not be loaded: what happened, and Reload. */
function ChunkLoadError() {
  const { t } = useTranslation();
  return (
    <section className={ui.card} aria-labelledby="chunk-error-heading">
      <h1 id="chunk-error-heading">{t('routeError.chunkHeading')}</h1>
      <p>{t('routeError.chunkBody')}</p>
      <div className={ui.actions}>
        <button type="button" className={ui.button} onClick={() => window.location.reload()}>
          {t('routeError.reload')}
        </button>
      </div>
    </section>
  );
}

/** Shown when rendering or loading a route fails. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Page failed', error);
  }, [error]);
  return (
    <PageShell>{isChunkLoadError(error) ? <ChunkLoadError /> : <ErrorPage variant="error" />}</PageShell>
  );
}
