/**
 * /unverified-account (spec §2 Unverified-account page: "'Your {studio} account has not been verified',
 * with buttons Send Validation Email and Return to Home. The resend button is disabled after success.").
 * The partner sign-on sends the player here after holding the SSO identity (spec §3 Client state, see
 * shared/session/sso-identity.ts). Send Validation Email asks the partner single-sign-on service to
 * resend the e-mail (spec §7; address by the prod/test flag, resend-validation.ts): disabled while the
 * call runs; on success a status message and the button stays disabled; on any failure (partner refusal,
 * network error, no SSO identity held, address not configured) the generic alert 'An error occured.
 * Please try again later.' and the button can be used again. {studio} is the environment's studio name
 * (environments/branding.ts).
 */
import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAppConfiguration } from '../../shared/config/config-context.tsx';
import { ssoIdentity } from '../../shared/session/sso-identity.ts';
import { ui } from '../../shared/ui/index.ts';
import { partnerSsoResendUrl, resendValidationEmail } from './resend-validation.ts';

/** The Unverified-account page (spec §2). */
export function UnverifiedAccountPage() {
  const { t } = useTranslation();
  const { config, branding } = useAppConfiguration();
  const resend = useMutation({
    mutationFn: () => resendValidationEmail(partnerSsoResendUrl(config), ssoIdentity()),
  });
  const sent = resend.isSuccess;
  return (
    <section className={ui.card} aria-labelledby="unverified-heading">
      <h1 id="unverified-heading">{t('unverified.heading', { studio: branding.studioName })}</h1>
      <p>{t('unverified.intro')}</p>
      {/* Always present so that screen readers announce the message when it appears. */}
      <div role="status">{sent ? <p className={ui.notice}>{t('unverified.sent')}</p> : null}</div>
      {resend.isError ? (
        <p className={ui.errorSummary} role="alert">
          {t('unverified.failed')}
        </p>
      ) : null}
      <div className={ui.actions}>
        <button
          type="button"
          className={ui.button}
          disabled={resend.isPending || sent}
          aria-busy={resend.isPending}
          onClick={() => resend.mutate()}
        >
          {resend.isPending ? t('unverified.sending') : t('unverified.send')}
        </button>
        <Link className={ui.buttonSecondary} to="/">
          {t('unverified.returnHome')}
        </Link>
      </div>
    </section>
  );
}
