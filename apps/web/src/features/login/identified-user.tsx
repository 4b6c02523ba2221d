/**
 * The identified player shown in the password and partner views (spec §2 Login; identify answer), the
 * avatar in the studio's theme (shared/ui Avatar).
 */
import type { IdentifyResponse } from '@guildgate/contracts';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../shared/ui/index.ts';
import styles from './login.module.css';

/** Avatar, username, title and masked e-mail, with the 'Not you?' link back to step 1. */
export function IdentifiedUser({ user, onReset }: { user: IdentifyResponse; onReset: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.identity}>
      <Avatar url={user.AvatarUrl} name={user.Username} />
      <p className={styles.identityText}>
        <span className="visually-hidden">{t('login.identifiedAs')} </span>
        <span className={styles.identityName}>{user.Username}</span>
        {user.TitleName ? <span className={styles.muted}>{user.TitleName}</span> : null}
        <span className={styles.muted}>{user.Email}</span>
        <Link
          to="."
          onClick={(event) => {
            event.preventDefault();
            onReset();
          }}
        >
          {t('login.notYou')}
        </Link>
      </p>
    </div>
  );
}
