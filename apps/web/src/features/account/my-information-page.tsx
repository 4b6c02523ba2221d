/**
 * My information (spec §2: username, masked e-mail, masked password, each with an Update button;
 * partner environments: no e-mail/username update and no password section; TWO-POINT-STUDIOS hides
 * the e-mail section). The mask follows `maskEmail` of the contracts. Under them, the player's badges
 * (spec §1 "a ten-step profiling survey that earns a Profiler Badge"; {@link BadgeList}). After a
 * change of username or password the page says it was made (the pages pass `{notice}` as location state).
 */
import { useId, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { maskEmail } from '@guildgate/contracts';
import { useAppConfiguration } from '../../shared/config/config-context.tsx';
import { useSession } from '../../shared/session/session-context.tsx';
import { Notice, ui } from '../../shared/ui/index.ts';
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

/** The changes other pages report here as location state `{notice}`. */
const NOTICES = ['usernameChanged', 'passwordChanged'] as const;
type InformationNotice = (typeof NOTICES)[number];

/** The notice of location state `state`, if it carries a known one. */
function noticeOf(state: unknown): InformationNotice | null {
  const notice = (state as { notice?: unknown } | null)?.notice;
  return NOTICES.find((known) => known === notice) ?? null;
}

/** The index page of /account (spec §2 My information). */
export function MyInformationPage() {
  const { t } = useTranslation();
  const { behaviour } = useAppConfiguration();
  const { user } = useSession();
  const notice = noticeOf(useLocation().state);
  if (!user) return null;
  const canUpdate = behaviour.canUpdateIdentity;
  return (
    <section aria-labelledby="my-information-heading">
      <h2 id="my-information-heading">{t('account.information.heading')}</h2>
      {notice ? <Notice>{t(`account.information.${notice}`)}</Notice> : null}
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
