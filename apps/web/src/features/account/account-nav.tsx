/**
 * The account side list (spec §2 Account dashboard): My information; Connections (when enabled);
 * Newsletter (when enabled); Cookies, or the custom cookie-management entry when that flag is on;
 * Blocked Users; Deletion Request (when enabled). Sub-pages arrive in later issues.
 */
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppConfiguration } from '../../shared/config/config-context.tsx';
import { openCookieSettings } from '../../shared/cookies/cookie-settings.ts';
import styles from './account.module.css';

/** Which entries the side list shows, from the feature flags (pure). */
export function accountNavEntries(features: {
  connectionsSection: boolean;
  newsletterSection: boolean;
  customCookieManagement: boolean;
  deletionSection: boolean;
}) {
  return [
    { key: 'information', to: '/account', end: true },
    ...(features.connectionsSection ? [{ key: 'connections', to: '/account/link-account', end: false }] : []),
    ...(features.newsletterSection ? [{ key: 'newsletter', to: '/account/newsletter', end: false }] : []),
    ...(features.customCookieManagement ? [] : [{ key: 'cookies', to: '/account/cookies', end: false }]),
    { key: 'blockedUsers', to: '/account/blocked-users-management', end: false },
    ...(features.deletionSection ? [{ key: 'deletion', to: '/account/deletion-request', end: false }] : []),
  ] as const;
}

/** The side list of the account area. */
export function AccountNav() {
  const { t } = useTranslation();
  const { config } = useAppConfiguration();
  const entries = accountNavEntries(config.features);
  return (
    <nav className={styles.nav} aria-label={t('account.sectionsLabel')}>
      <ul>
        {entries.map((entry) => (
          <li key={entry.key}>
            <NavLink className={styles.navItem} to={entry.to} end={entry.end}>
              {t(`account.nav.${entry.key}`)}
            </NavLink>
          </li>
        ))}
        {config.features.customCookieManagement ? (
          <li>
            <button type="button" className={styles.navItem} onClick={openCookieSettings}>
              {t('account.nav.cookieSettings')}
            </button>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
