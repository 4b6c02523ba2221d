/**
 * Error pages (spec §2 route table: /errors, /errors/bad-request, /errors/internal, /errors/not-found —
 * "All show 'Ooops, something went wrong.' BadRequestError also shows the optional query message";
 * spec §8 generic handler). Also the router's error element and the unknown-path page.
 */
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ui } from '../../shared/ui/index.ts';
import { useErrorText } from '../../shared/i18n/use-error-text.ts';

/** Which error page. */
export type ErrorVariant = 'error' | 'bad-request' | 'internal' | 'not-found';

function BadRequestMessage() {
  const [search] = useSearchParams();
  const text = useErrorText();
  const message = search.get('message');
  return message ? <p>{text(message.slice(0, 200))}</p> : null;
}

/** One error page (spec §2, §8). */
export function ErrorPage({ variant }: { variant: ErrorVariant }) {
  const { t } = useTranslation();
  return (
    <section className={ui.card} aria-labelledby="error-heading">
      <h1 id="error-heading">{t('errors.heading')}</h1>
      {variant === 'bad-request' ? <BadRequestMessage /> : null}
      {variant === 'not-found' ? <p>{t('errors.notFound')}</p> : null}
      {variant === 'internal' ? <p>{t('errors.internal')}</p> : null}
      <p>
        <Link to="/">{t('common.returnHome')}</Link>
      </p>
    </section>
  );
}

/** /errors (spec §2 Error). */
export function GenericErrorPage() {
  return <ErrorPage variant="error" />;
}

/** /errors/bad-request (spec §2 BadRequestError). */
export function BadRequestErrorPage() {
  return <ErrorPage variant="bad-request" />;
}

/** /errors/internal (spec §2 InternalError). */
export function InternalErrorPage() {
  return <ErrorPage variant="internal" />;
}

/** /errors/not-found and any unknown path (spec §2 NotFoundError). */
export function NotFoundErrorPage() {
  return <ErrorPage variant="not-found" />;
}
