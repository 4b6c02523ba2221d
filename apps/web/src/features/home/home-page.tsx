/**
 * Home (spec §2 route table "/": welcome page with Browse website, Log in and Create an account buttons
 * and a password-recovery link). The SSO query (redirectUrl, client_id…) is carried to Login/Register.
 */
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppConfiguration } from '../../shared/config/config-context.tsx';
import { ui } from '../../shared/ui/index.ts';
import styles from './home.module.css';

/** The welcome page (spec §2 Home). */
export function HomePage() {
  const { t } = useTranslation();
  const { config, branding, behaviour } = useAppConfiguration();
  const { search } = useLocation();
  return (
    <section className={`${ui.card} ${styles.hero}`} aria-labelledby="home-heading">
      <h1 id="home-heading">{t('home.heading', { studio: branding.studioName })}</h1>
      <p>{t('home.intro')}</p>
      <div className={styles.actions}>
        <a className={ui.buttonSecondary} href={config.frontUrl}>
          {t('home.browse')}
        </a>
        <Link className={ui.button} to={{ pathname: '/login', search }}>
          {t('home.login')}
        </Link>
        <Link className={ui.button} to={{ pathname: '/register', search }}>
          {t('home.register')}
        </Link>
      </div>
      {behaviour.passwordRecovery ? (
        <p>
          <Link to="/password-recovery">{t('home.forgotPassword')}</Link>
        </p>
      ) : null}
    </section>
  );
}
