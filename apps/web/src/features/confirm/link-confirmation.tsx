/**
 * Shared flow of the e-mailed link pages (spec §2 /register/validate and /confirm-email; §4 Register
 * "The emailed link opens the verify page, which then goes to Login"; DESIGN.md §5: the page strips the
 * secret from the address bar before calling the API). Success → the permitted redirect (answer's
 * RedirectUrl, else the redirectUrl query) or Login with the 'email confirmed' notice. A 400 is shown
 * on the page; other failures go to the generic handler (spec §8).
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/api-error.ts';
import { useErrorHandler } from '../../shared/api/api-context.tsx';
import { useErrorText } from '../../shared/i18n/use-error-text.ts';
import { useFollowRedirect } from '../../shared/redirect/use-redirect.ts';
import { ui } from '../../shared/ui/index.ts';
import { useConfirmLink, type LinkKind } from './confirm-api.ts';

/** Props of a link page. */
export interface LinkConfirmationProps {
  kind: LinkKind;
  /** The secret read from the query when the page opened. */
  secret: string;
  /** The redirectUrl query of the link, if any. */
  redirectUrl: string | null;
  heading: string;
}

/** Calls the API once with the secret, then moves on (spec §4). */
export function LinkConfirmation({ kind, secret, redirectUrl, heading }: LinkConfirmationProps) {
  const { t } = useTranslation();
  const text = useErrorText();
  const confirm = useConfirmLink(kind);
  const follow = useFollowRedirect();
  const onUnexpected = useErrorHandler();
  const started = useRef(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { mutate } = confirm;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate(secret, {
      onSuccess: (answer) =>
        void follow([answer.RedirectUrl, redirectUrl], '/login', { state: { notice: 'emailConfirmed' } }),
      onError: (error) => {
        if (isApiError(error) && error.status === 400) setFailure(error.firstCode ?? 'ERROR_REQUEST_INVALID');
        else onUnexpected(error);
      },
    });
  }, [mutate, secret, redirectUrl, follow, onUnexpected]);

  return (
    <section className={ui.card} aria-labelledby="link-heading">
      <h1 id="link-heading">{heading}</h1>
      {failure ? (
        <div className={ui.stack}>
          <p className={ui.errorSummary} role="alert">
            {text(failure)}
          </p>
          <p>
            <Link to="/confirm-email/send">{t('confirm.resend')}</Link>
          </p>
        </div>
      ) : (
        <p>{t('confirm.inProgress')}</p>
      )}
    </section>
  );
}
