/**
 * Survey (spec §2 Survey: ten questions in ten steps with progressive reveal; the done page 'You're all
 * done! Thank you so much!' with a reward message; without a PC game store connection it prompts to
 * connect it, through the link route with a redirect to profile/me/rewards; §4 Survey; §5 Survey submit;
 * §7 POST survey/qualification). Guard: login with a return path (spec §6).
 * This issue builds the entry, the first step and the done page; the other nine questions and the
 * submit arrive with the survey issue.
 */
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppConfiguration } from '../../shared/config/config-context.tsx';
import { useSession } from '../../shared/session/session-context.tsx';
import { ui } from '../../shared/ui/index.ts';

const TOTAL_STEPS = 10;
const AGES = ['under18', 'from18to24', 'from25to34', 'from35to44', 'over44'] as const;

/** The link route to connect the PC game store, back to the rewards afterwards (spec §2 Survey). */
function useConnectSteamPath(): string {
  const { config } = useAppConfiguration();
  const rewards = `${config.frontUrl.replace(/\/+$/, '')}/profile/me/rewards`;
  return `/steam/link?${new URLSearchParams({ redirectUrl: rewards })}`;
}

/** /survey: the entry. */
export function SurveyEntryPage() {
  const { t } = useTranslation();
  const { connections } = useSession();
  const connectPath = useConnectSteamPath();
  const steamLinked = connections.some((c) => c.CanonicalName === 'steam' && c.IsLinked);
  return (
    <section className={ui.card} aria-labelledby="survey-heading">
      <h1 id="survey-heading">{t('survey.heading')}</h1>
      <p>{t('survey.intro')}</p>
      {steamLinked ? null : (
        <>
          <p>{t('survey.connectPrompt')}</p>
          <p>
            <Link className={ui.buttonSecondary} to={connectPath}>
              {t('survey.connect')}
            </Link>
          </p>
        </>
      )}
      <div className={ui.actions}>
        <Link className={ui.button} to="/survey/qualification">
          {t('survey.start')}
        </Link>
      </div>
    </section>
  );
}

/** /survey/qualification: the questions, revealed step by step (first step). */
export function SurveyQualificationPage() {
  const { t } = useTranslation();
  const id = useId();
  const [age, setAge] = useState<string | null>(null);
  return (
    <section className={ui.card} aria-labelledby="survey-questions-heading">
      <h1 id="survey-questions-heading">{t('survey.heading')}</h1>
      <form className={ui.stack} onSubmit={(event) => event.preventDefault()} noValidate>
        <fieldset className={ui.stack} aria-describedby={`${id}-progress`}>
          <legend>{t('survey.ageLegend')}</legend>
          <p id={`${id}-progress`}>{t('survey.progress', { step: 1, total: TOTAL_STEPS })}</p>
          {AGES.map((value) => (
            <label key={value}>
              <input
                type="radio"
                name="Age"
                value={value}
                checked={age === value}
                onChange={() => setAge(value)}
              />{' '}
              {t(`survey.ages.${value}`)}
            </label>
          ))}
        </fieldset>
      </form>
    </section>
  );
}

/** /survey/qualification/confirm: the done page. */
export function SurveyDonePage() {
  const { t } = useTranslation();
  return (
    <section className={ui.card} aria-labelledby="survey-done-heading">
      <h1 id="survey-done-heading">{t('survey.doneHeading')}</h1>
      <p>{t('survey.reward')}</p>
      <p>
        <Link to="/account">{t('survey.backToAccount')}</Link>
      </p>
    </section>
  );
}
