/**
 * /secure-account?token=… — "This wasn't me" (issue 22 §6): the link of every security alert e-mail.
 * The token leaves the address bar as the page opens (shared/links/use-link-secret.ts); the page says
 * what securing does and, once the player confirms, calls POST account/secure, then shows what was
 * done (signed out everywhere, devices forgotten, recovery e-mail sent). An unknown, used or expired
 * link (400) says so; other failures go to the generic handler (spec §8). Public (the player may be
 * signed out, or signed in as the intruder); absent with the `securityAlerts` flag off (route-rules.ts).
 * Its texts are the `secureAccount` namespace, a chunk of their own (shared/i18n/i18n.ts).
 */
import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ENDPOINTS } from '@guildgate/contracts';
import { useApi, useErrorHandler } from '../../shared/api/api-context.tsx';
import { isApiError } from '../../shared/api/api-error.ts';
import { useErrorText } from '../../shared/i18n/use-error-text.ts';
import { useLinkSecret } from '../../shared/links/use-link-secret.ts';
import { ui } from '../../shared/ui/index.ts';
import { SubmitButton } from '../../shared/ui/submit-button.tsx';

/** Is `error` the API refusing the link (unknown, used, expired)? */
const isRefused = (error: unknown) => isApiError(error) && error.status === 400;

/** The "This wasn't me" page. */
export function SecureAccountPage() {
  const { t, ready } = useTranslation('secureAccount');
  const errorText = useErrorText();
  const api = useApi();
  const onError = useErrorHandler();
  const token = useLinkSecret('token');
  const secure = useMutation({
    mutationFn: (value: string) => api.call(ENDPOINTS.postAccountSecure, { body: { Token: value } }),
    onError: (error) => {
      if (!isRefused(error)) onError(error);
    },
  });
  if (!ready) return null;
  if (token === null || isRefused(secure.error)) {
    const code =
      isApiError(secure.error) && secure.error.firstCode
        ? secure.error.firstCode
        : 'ERROR_SECURE_ACCOUNT_NOTEXISTS';
    return (
      <section className={ui.card} aria-labelledby="secure-account-heading">
        <h1 id="secure-account-heading">{t('invalidHeading')}</h1>
        <p role="alert">{errorText(code)}</p>
        <p>
          <Link to="/login">{t('login')}</Link>
        </p>
      </section>
    );
  }
  const done = secure.data;
  if (done) {
    return (
      <section className={ui.card} aria-labelledby="secure-account-heading">
        <h1 id="secure-account-heading">{t('doneHeading')}</h1>
        <div role="status">
          <ul>
            {done.SessionsRevoked ? <li>{t('done.signedOut')}</li> : null}
            {done.DevicesForgotten ? <li>{t('done.devices')}</li> : null}
            <li>{done.RecoveryMailSent ? t('done.recovery') : t('done.noRecovery')}</li>
          </ul>
        </div>
        <p>
          <Link to="/login">{t('login')}</Link>
        </p>
      </section>
    );
  }
  return (
    <section className={ui.card} aria-labelledby="secure-account-heading">
      <h1 id="secure-account-heading">{t('heading')}</h1>
      <p>{t('intro')}</p>
      <ul>
        <li>{t('steps.signOut')}</li>
        <li>{t('steps.devices')}</li>
        <li>{t('steps.recovery')}</li>
      </ul>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!secure.isPending) secure.mutate(token);
        }}
      >
        <SubmitButton className={ui.button} busy={secure.isPending}>
          {t('confirm')}
        </SubmitButton>
      </form>
    </section>
  );
}
