/**
 * The header on every page (spec §2 "Header and cookie control": studio icon and a Loading label).
 * The Loading label sits in a role=status region, visible while anything loads.
 */
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { Link, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppConfiguration } from '../shared/config/config-context.tsx';
import { useSession } from '../shared/session/session-context.tsx';
import styles from './root-layout.module.css';

/** True while a call, a navigation or the session restore is under way. */
function useIsBusy(): boolean {
  const fetching = useIsFetching();
  const mutating = useIsMutating();
  const navigation = useNavigation();
  const session = useSession();
  return fetching + mutating > 0 || navigation.state !== 'idle' || session.status === 'loading';
}

/** Header with studio icon, studio name and Loading label (spec §2). */
export function Header() {
  const { t } = useTranslation();
  const { branding } = useAppConfiguration();
  const busy = useIsBusy();
  return (
    <header className={styles.header}>
      <div className={styles.headerInner}>
        <Link to="/" className={styles.brand} aria-label={t('app.homeLink', { studio: branding.studioName })}>
          <span className={styles.icon} aria-hidden="true">
            {branding.monogram}
          </span>
          <span>{branding.studioName}</span>
        </Link>
        <p className={styles.loading} role="status">
          {busy ? t('app.loading') : ''}
        </p>
      </div>
    </header>
  );
}
