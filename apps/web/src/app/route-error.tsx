/**
 * The router's error element: a page crash or a failed lazy import shows the generic error page
 * (spec §2 Error: 'Ooops, something went wrong.') inside the page shell, so the header and the cookie
 * control stay (spec §2 "A cookie control sits on every page").
 */
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { ErrorPage } from '../features/errors/error-page.tsx';
import { PageShell } from './root-layout.tsx';

/** Shown when rendering a route fails. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Page failed', error);
  }, [error]);
  return (
    <PageShell>
      <ErrorPage variant="error" />
    </PageShell>
  );
}
