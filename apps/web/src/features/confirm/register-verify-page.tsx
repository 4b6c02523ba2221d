/**
 * /register/validate, TWO-POINT-STUDIOS only (spec §2 route table; §5 "Verify page without
 * verificationCode: 'This request should have a verification code.'"; §7 POST register/verify).
 * The environment gate is applied by the router.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../shared/i18n/use-error-text.ts';
import { useLinkSecret } from '../../shared/links/use-link-secret.ts';
import { ui } from '../../shared/ui/index.ts';
import { LinkConfirmation } from './link-confirmation.tsx';

/** The register verification link page. */
export function RegisterVerifyPage() {
  const { t } = useTranslation();
  const text = useErrorText();
  const [search] = useSearchParams();
  const code = useLinkSecret('verificationCode');
  const [redirectUrl] = useState(() => search.get('redirectUrl'));
  if (!code) {
    return (
      <section className={ui.card} aria-labelledby="verify-heading">
        <h1 id="verify-heading">{t('confirm.verifyHeading')}</h1>
        <p className={ui.errorSummary} role="alert">
          {text('ERROR_VERIFICATION_CODE_EMPTY')}
        </p>
      </section>
    );
  }
  return (
    <LinkConfirmation
      kind="register-verify"
      secret={code}
      redirectUrl={redirectUrl}
      heading={t('confirm.verifyHeading')}
    />
  );
}
