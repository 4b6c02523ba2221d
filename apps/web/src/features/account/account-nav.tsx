/**
 * The account side list (spec §2 Account dashboard): My information; Connections (when enabled);
 * Connected sites (issue 21 §4: the sites granted through the OpenID Provider, always shown); Security
 * (issue 22 §5, §7: sessions and recent activity, when either of their flags is on);
 * Newsletter (when enabled); Cookies, or the custom cookie-management entry in its place when that flag
 * is on (a button opening the consent manager's settings); Blocked Users; Your data (issue 22 §8, when
 * dataExport is on); Deletion Request (when enabled). The order holds with every flag combination.
 *
 * On phones (below 48rem, where the list would sit above the page) it collapses behind a disclosure
 * button naming the current section (aria-expanded / aria-controls); it closes again after a choice.
 * From 48rem up the list is always shown and the button is not rendered visible.
 */
import { useId, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppConfiguration } from '../../shared/config/config-context.tsx';
import { openCookieSettings } from '../../shared/cookies/cookie-settings.ts';
import styles from './account.module.css';

/** One entry of the side list: a link to a sub-page, or the button that opens the cookie settings. */
export type AccountNavEntry =
  { kind: 'link'; key: string; to: string; end: boolean } | { kind: 'cookieSettings'; key: 'cookieSettings' };

/** Which entries the side list shows, in the spec's order, from the feature flags (pure). */
export function accountNavEntries(features: {
  connectionsSection: boolean;
  newsletterSection: boolean;
  customCookieManagement: boolean;
  deletionSection: boolean;
  dataExport: boolean;
  securitySessions: boolean;
  securityActivity: boolean;
  authenticatorApp: boolean;
  passkeys: boolean;
}): AccountNavEntry[] {
  const link = (key: string, to: string, end = false): AccountNavEntry => ({ kind: 'link', key, to, end });
  return [
    link('information', '/account', true),
    ...(features.connectionsSection ? [link('connections', '/account/link-account')] : []),
    link('connectedSites', '/account/connected-sites'),
    ...(features.securitySessions ||
    features.securityActivity ||
    features.authenticatorApp ||
    features.passkeys
      ? [link('security', '/account/security')]
      : []),
    ...(features.newsletterSection ? [link('newsletter', '/account/newsletter')] : []),
    features.customCookieManagement
      ? { kind: 'cookieSettings', key: 'cookieSettings' }
      : link('cookies', '/account/cookies'),
    link('blockedUsers', '/account/blocked-users-management'),
    ...(features.dataExport ? [link('yourData', '/account/your-data')] : []),
    ...(features.deletionSection ? [link('deletion', '/account/deletion-request')] : []),
  ];
}

/** The entry whose page is shown (the deepest matching link), for the collapsed button's label. */
function currentEntry(entries: AccountNavEntry[], pathname: string): string | null {
  const path = pathname.replace(/\/+$/, '');
  const match = entries.find(
    (entry) => entry.kind === 'link' && (entry.end ? path === entry.to : path.startsWith(entry.to)),
  );
  return match?.key ?? null;
}

/** The side list of the account area. */
export function AccountNav() {
  const { t } = useTranslation();
  const { config } = useAppConfiguration();
  const { pathname } = useLocation();
  const listId = useId();
  // The path the list was opened on: a choice (a new page) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const entries = accountNavEntries(config.features);
  const current = currentEntry(entries, pathname);
  return (
    <nav className={styles.nav} aria-label={t('account.sectionsLabel')}>
      <button
        type="button"
        className={styles.navToggle}
        // Its visible texts, read as one: 'Account sections: Connections' (WCAG 2.5.3 label in name).
        aria-label={
          current
            ? t('account.sectionsToggle', {
                sections: t('account.sectionsLabel'),
                current: t(`account.nav.${current}`),
              })
            : undefined
        }
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpenOn(open ? null : pathname)}
      >
        <span className={styles.navToggleText}>
          <span>{t('account.sectionsLabel')}</span>
          {current ? <span className={styles.navCurrent}>{t(`account.nav.${current}`)}</span> : null}
        </span>
        <svg className={styles.navChevron} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <path d="M3 6l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      <ul id={listId} className={styles.navList} data-open={open || undefined}>
        {entries.map((entry) => (
          <li key={entry.key}>
            {entry.kind === 'link' ? (
              <NavLink className={styles.navItem} to={entry.to} end={entry.end}>
                {t(`account.nav.${entry.key}`)}
              </NavLink>
            ) : (
              <button type="button" className={styles.navItem} onClick={openCookieSettings}>
                {t('account.nav.cookieSettings')}
              </button>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
