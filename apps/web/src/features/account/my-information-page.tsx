/**
 * My information (spec §2: username, masked e-mail, masked password, each with an Update button;
 * partner environments: no e-mail/username update and no password section; TWO-POINT-STUDIOS hides
 * the e-mail section). The mask follows `maskEmail` of the contracts. Under them, the player's badges
 * (spec §1 "a ten-step profiling survey that earns a Profiler Badge"; {@link BadgeList}).
 */
import { useId, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { maskEmail } from '@guildgate/contracts';
import { useAppConfiguration } from '../../shared/config/config-context.tsx';
import { useSession } from '../../shared/session/session-context.tsx';
import { ui } from '../../shared/ui/index.ts';
import { BadgeList } from './badge-list.tsx';
import styles from './account.module.css';

function InfoItem({ title, value, updateTo }: { title: string; value: ReactNode; updateTo?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  return (
    <section className={styles.infoItem} aria-labelledby={id}>
      <div>
        <h3 id={id}>{title}</h3>
        <p>{value}</p>
      </div>
      {updateTo ? (
        <button
          type="button"
          className={ui.buttonSecondary}
          aria-describedby={id}
          onClick={() => void navigate(updateTo)}
        >
          {t('account.information.update')}
        </button>
      ) : null}
    </section>
  );
}

/** The index page of /account (spec §2 My information). */
export function MyInformationPage() {
  const { t } = useTranslation();
  const { behaviour } = useAppConfiguration();
  const { user } = useSession();
  if (!user) return null;
  const canUpdate = behaviour.canUpdateIdentity;
  return (
    <section aria-labelledby="my-information-heading">
      <h2 id="my-information-heading">{t('account.information.heading')}</h2>
      <div className={styles.infoList}>
        <InfoItem
          title={t('account.information.username')}
          value={user.Username}
          updateTo={canUpdate ? '/account/update-username' : undefined}
        />
        {behaviour.showEmailSection ? (
          <InfoItem
            title={t('account.information.email')}
            value={maskEmail(user.Email)}
            updateTo={canUpdate ? '/account/update-email' : undefined}
          />
        ) : null}
        {behaviour.showPasswordSection ? (
          <InfoItem
            title={t('account.information.password')}
            value={
              <>
                <span aria-hidden="true">••••••••</span>
                <span className="visually-hidden">{t('account.information.passwordHidden')}</span>
              </>
            }
            updateTo="/account/reset-password"
          />
        ) : null}
        <BadgeList badges={user.Badges} />
      </div>
    </section>
  );
}
