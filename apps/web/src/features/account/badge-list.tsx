/**
 * The badges area of My information (spec §1 "a ten-step profiling survey that earns a Profiler Badge";
 * §2 Survey reward; §9 dates DD/MM/YY): each badge the player holds (User.Badges) drawn as a badge — a
 * medal in the studio's colours with the badge's name and the day it was earned — or a neutral line
 * with a link to the survey when there is none yet.
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
                <li key={badge.Name} className={styles.badge}>
                  <svg className={styles.badgeMedal} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                    <path className={styles.badgeRibbon} d="M7 2h4l2 6H9zM13 2h4l-2 6h-4z" />
                    <circle className={styles.badgeDisc} cx="12" cy="15" r="7" />
                    <path
                      className={styles.badgeStar}
                      d="M12 10.8l1.3 2.6 2.9.4-2.1 2 .5 2.9-2.6-1.4-2.6 1.4.5-2.9-2.1-2 2.9-.4z"
                    />
                  </svg>
                  <span className={styles.badgeText}>
                    <span className={styles.badgeName}>
                      {t(`account.badges.names.${badge.Name}`, { defaultValue: badge.Name })}
                    </span>
                    {date ? (
                      <span className={styles.badgeDate}>
                        <span className="visually-hidden">, </span>
                        {t('account.badges.earnedOn', { date })}
                      </span>
                    ) : null}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
