/**
 * The header on every page (spec §2 "Header and cookie control": studio icon and a Loading label):
 * the studio emblem and name (environments/branding.ts), a small badge in the non-production generic
 * environments, and the Loading label in a role=status region, visible while anything loads.
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

/** Header with studio icon, studio name, environment badge and Loading label (spec §2). */
export function Header() {
  const { t } = useTranslation();
  const { branding } = useAppConfiguration();
  const busy = useIsBusy();
  return (
    <header className={styles.header}>
      <div className={styles.headerInner}>
        <div className={styles.brandBlock}>
          <Link
            to="/"
            className={styles.brand}
            aria-label={t('app.homeLink', { studio: branding.studioName })}
          >
            <img className={styles.icon} src={branding.icon} alt="" width={40} height={40} />
            <span className={styles.brandName}>{branding.studioName}</span>
          </Link>
          <span className={styles.brandSub}>{t('shell.playerAccount')}</span>
        </div>
        <div className={styles.headerEnd}>
          {branding.badge ? (
            <span className={styles.badge}>
              <span className="visually-hidden">{t('shell.environmentLabel')}: </span>
              {t(`shell.environments.${branding.badge}`)}
            </span>
          ) : null}
          <p className={styles.loading} role="status">
            {busy ? t('app.loading') : ''}
          </p>
        </div>
      </div>
    </header>
  );
}
