/** ConfirmRegister (spec §2 /register/confirm: 'Check your mailbox' message). */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ui } from '../../shared/ui/index.ts';

/** The 'Check your mailbox' page shown after registering or asking for a new confirmation e-mail. */
export function ConfirmRegisterPage() {
  const { t } = useTranslation();
  return (
    <section className={ui.card} aria-labelledby="confirm-register-heading">
      <h1 id="confirm-register-heading">{t('confirmRegister.heading')}</h1>
      <p>{t('confirmRegister.body')}</p>
      <p>
        {t('confirmRegister.resendIntro')} <Link to="/confirm-email/send">{t('confirmRegister.resend')}</Link>
        .
      </p>
      <p>
        <Link to="/">{t('common.returnHome')}</Link>
      </p>
    </section>
  );
}
