/**
 * Account dashboard (spec §2 "Account dashboard": avatar, username, 'registered since' DD/MM/YY, a button
 * to the profile and a Log out button). The avatar is drawn in the studio's theme (shared/ui Avatar).
 */
import type { User } from '@guildgate/contracts';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppConfiguration } from '../../shared/config/config-context.tsx';
import { formatShortDate } from '../../shared/format/format-date.ts';
import { Avatar, ui } from '../../shared/ui/index.ts';
import styles from './account.module.css';

/** `frontUrl` + '/profile', without a doubled slash. */
export function profileUrl(frontUrl: string): string {
  return `${frontUrl.replace(/\/+$/, '')}/profile`;
}

/** The player's card at the top of the account area. */
export function AccountDashboard({ user }: { user: User }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { config } = useAppConfiguration();
  const since = formatShortDate(user.CreatedAt);
  return (
    <div className={styles.dashboard}>
      <Avatar url={user.AvatarUrl} name={user.Username} size="large" />
      <div className={styles.identity}>
        <h1>{user.Username}</h1>
        {user.TitleName ? <p>{user.TitleName}</p> : null}
        {since ? <p>{t('account.registeredSince', { date: since })}</p> : null}
      </div>
      <div className={ui.actions}>
        <a className={ui.buttonSecondary} href={profileUrl(config.frontUrl)}>
          {t('account.profile')}
        </a>
        <button type="button" className={ui.button} onClick={() => void navigate('/account/logout')}>
          {t('account.logout')}
        </button>
      </div>
    </div>
  );
}
