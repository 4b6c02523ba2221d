/**
 * The badges area of My information (spec §1 "a ten-step profiling survey that earns a Profiler Badge";
 * §2 Survey reward; §9 dates DD/MM/YY): each badge the player holds (User.Badges) with the day it was
 * earned, or a neutral line with a link to the survey when there is none yet.
 */
import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Badge } from '@guildgate/contracts';
import { formatShortDate } from '../../shared/format/format-date.ts';
import styles from './account.module.css';

/**
 * The 'Badges' section.
 * @param badges the player's badges, oldest first (a name without a translation is shown as it is)
 */
export function BadgeList({ badges }: { badges: readonly Badge[] }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section className={styles.infoItem} aria-labelledby={id}>
      <div>
        <h3 id={id}>{t('account.badges.heading')}</h3>
        {badges.length === 0 ? (
          <p>
            {t('account.badges.none')} <Link to="/survey">{t('account.badges.earn')}</Link>
          </p>
        ) : (
          <ul className={styles.badges}>
            {badges.map((badge) => {
              const date = formatShortDate(badge.AwardedAt);
              return (
                <li key={badge.Name}>
                  <span className={styles.badgeName}>
                    {t(`account.badges.names.${badge.Name}`, { defaultValue: badge.Name })}
                  </span>
                  {date ? <span>, {t('account.badges.earnedOn', { date })}</span> : null}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
