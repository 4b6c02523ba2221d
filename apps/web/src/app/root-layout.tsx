/**
 * The page shell (spec §2): skip link, header, main landmark, page title; remembers the SSO query
 * (redirectUrl, client_id) for later pages (spec §9 carry-over).
 */
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { rememberQuery } from '../shared/redirect/carry-over.ts';
import { Header } from './header.tsx';
import { usePageTitle } from './use-page-title.ts';
import styles from './root-layout.module.css';

/** Layout of every page. */
export function RootLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  usePageTitle();
  useEffect(() => {
    rememberQuery(new URLSearchParams(location.search));
  }, [location.search]);
  return (
    <>
      <a className={styles.skipLink} href="#main">
        {t('app.skipToContent')}
      </a>
      <Header />
      <main id="main" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}
