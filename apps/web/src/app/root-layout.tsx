/**
 * The page shell (spec §2): the cookie consent manager (banner and settings dialog, spec §4 Cookie
 * consent) first, so its banner comes first in the Tab order while it is shown (it is drawn at the bottom
 * of the viewport, or at the top of the page on small screens: consent-manager.module.css); then the
 * skip link, header, the studio's welcome banner on Home and Login (spec §1 branding: "copy in the header
 * and pages"), main landmark, page title, and a footer holding the language switcher (issue 19 §7) and
 * the cookie control present on every page (spec §2 "A cookie control sits on every page"). Remembers
 * the SSO query (redirectUrl, client_id) for later pages (spec §9 carry-over), pushes tag-manager page
 * views, and moves focus to the new page's heading after a client-side navigation (use-focus-heading.ts).
 */
import { useEffect, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppConfiguration } from '../shared/config/config-context.tsx';
import { rememberQuery } from '../shared/redirect/carry-over.ts';
import { useTagManagerPageViews } from '../shared/analytics/tag-manager.ts';
import { openCookieSettings } from '../shared/cookies/cookie-settings.ts';
import { ConsentManager } from '../shared/cookies/consent-manager.tsx';
import { LanguageSwitcher } from '../shared/i18n/language-switcher.tsx';
import { Header } from './header.tsx';
import { usePageTitle } from './use-page-title.ts';
import { useFocusHeadingOnNavigation } from './use-focus-heading.ts';
import styles from './root-layout.module.css';

/** Which welcome line a path shows (`brand.<copyKey>.welcome` / `.login`), if any. */
function welcomeLine(pathname: string): 'welcome' | 'login' | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/') return 'welcome';
  if (path === '/login') return 'login';
  return null;
}

/** The studio's welcome banner (Home and Login). */
function WelcomeBanner({ line }: { line: 'welcome' | 'login' }) {
  const { t } = useTranslation();
  const { branding } = useAppConfiguration();
  return (
    <div className={styles.welcome}>
      <img className={styles.welcomeIcon} src={branding.icon} alt="" width={72} height={72} />
      <div className={styles.welcomeText}>
        <p className={styles.welcomeLine}>{t(`brand.${branding.copyKey}.${line}`)}</p>
        <p className={styles.tagline}>{t(`brand.${branding.copyKey}.tagline`)}</p>
      </div>
    </div>
  );
}

/** The cookie control on every page: asks the cookie manager to open its settings. */
function CookieControl() {
  const { t } = useTranslation();
  return (
    <button type="button" className={styles.cookieButton} onClick={openCookieSettings}>
      <svg className={styles.cookieIcon} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
        <path
          d="M10 2a8 8 0 1 0 8 8 3 3 0 0 1-3.5-3A3 3 0 0 1 11 3.5 2 2 0 0 1 10 2Z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
        />
        <circle cx="7" cy="8" r="1.2" fill="currentColor" />
        <circle cx="12" cy="13" r="1.2" fill="currentColor" />
        <circle cx="7.5" cy="13" r="1" fill="currentColor" />
      </svg>
      {t('shell.cookieSettings')}
    </button>
  );
}

/**
 * The shell around a page's content: the consent manager (once; its banner first in the Tab order), skip
 * link, header, main landmark (with the welcome banner on Home and Login) and the footer with the
 * language switcher and the cookie control. Used by every route and by the crash fallback.
 */
export function PageShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { branding } = useAppConfiguration();
  const location = useLocation();
  const line = welcomeLine(location.pathname);
  return (
    <div className={styles.shell}>
      <ConsentManager />
      <a className={styles.skipLink} href="#main">
        {t('app.skipToContent')}
      </a>
      <Header />
      <main id="main" className={styles.main} tabIndex={-1}>
        {line ? <WelcomeBanner line={line} /> : null}
        {children}
      </main>
      <footer className={styles.footer}>
        <div className={styles.footerInner}>
          <p className={styles.footerNote}>{t('shell.footerNote', { studio: branding.studioName })}</p>
          <LanguageSwitcher />
          <CookieControl />
        </div>
      </footer>
    </div>
  );
}

/**
 * Layout of every route: the shell, the page title, the SSO query memory, tag-manager page views and the
 * focus on the new page's heading after a navigation.
 */
export function RootLayout() {
  const location = useLocation();
  usePageTitle();
  useFocusHeadingOnNavigation();
  useTagManagerPageViews();
  useEffect(() => {
    rememberQuery(new URLSearchParams(location.search));
  }, [location.search]);
  return (
    <PageShell>
      <Outlet />
    </PageShell>
  );
}
