/**
 * Survey (spec §2 Survey: ten questions in ten steps with progressive reveal; the done page 'You're all
 * done! Thank you so much!' with a reward message; without a PC game store connection it prompts to
 * connect it, through the link route with a redirect to profile/me/rewards; §3 Survey answers; §4
 * Survey: a step becomes active when all required answers of the previous step are set, step 10 is
 * optional, submit only without errors, a failed submit silently re-enables the button, the submit
 * delay and loading flag; §5 Survey submit; §7 POST survey/qualification; §9 country autocomplete).
 * Guard: login with a return path (spec §6). The questions, the rules and the reveal come from the
 * contracts (`SURVEY_STEPS`, `surveyErrors`, `activeStepCount`); the answers are sent only with a
 * linked Steam account (spec §5), so without one neither page offers the questions.
 */
import { useRef, useState, type SubmitEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Link, useLocation, useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  AGE_OPTIONS,
  DEV_TYPE_OPTIONS,
  ENDPOINTS,
  FAVORITE_FEATURES,
  FAVORITE_FEATURE_OTHER,
  GAME_INFORMATION_SOURCES,
  GAMING_WEBSITES,
  GENDER_OPTIONS,
  PROFILER_BADGE,
  REVIEW_OPTIONS,
  SOCIAL_NETWORKS,
  SURVEY_STEP_COUNT,
  activeStepCount,
  hasOtherSocialNetwork,
  type SurveyAnswers,
  type SurveyProperty,
  type SurveySubmitRequest,
} from '@guildgate/contracts';
import { useApi } from '../../shared/api/api-context.tsx';
import { useAppConfiguration } from '../../shared/config/config-context.tsx';
import { afterSubmitDelay } from '../../shared/forms/delay.ts';
import { useSession, useSessionStore } from '../../shared/session/session-context.tsx';
import { ErrorSummary, ui } from '../../shared/ui/index.ts';
import { CountryCombobox } from './country-combobox.tsx';
import {
  ConditionalText,
  MessageField,
  QuestionGroup,
  StepGroup,
  focusQuestion,
  numbered,
  type Choice,
} from './survey-fields.tsx';
import {
  errorsAfterChange,
  firstFailing,
  requiredErrors,
  steamAccountId,
  submitErrors,
  surveyRequest,
  toggleChoice,
  type QuestionErrors,
} from './survey-answers.ts';
import styles from './survey.module.css';

/** The link route to connect the PC game store, back to the rewards afterwards (spec §2 Survey). */
function useConnectSteamPath(): string {
  const { config } = useAppConfiguration();
  const rewards = `${config.frontUrl.replace(/\/+$/, '')}/profile/me/rewards`;
  return `/steam/link?${new URLSearchParams({ redirectUrl: rewards })}`;
}

/** The prompt to connect the PC game store (spec §2 Survey), shown instead of any way to answer. */
function ConnectSteamPrompt() {
  const { t } = useTranslation();
  const connectPath = useConnectSteamPath();
  return (
    <>
      <p>{t('survey.connectPrompt')}</p>
      <div className={ui.actions}>
        <Link className={ui.button} to={connectPath}>
          {t('survey.connect')}
        </Link>
      </div>
    </>
  );
}

/**
 * /survey: the entry (spec §2 Survey). Without a linked Steam account: the connect prompt and no way
 * to start; otherwise 'Start the survey'. A player who already holds the Profiler Badge is told so (they
 * may answer again to update their profile).
 */
export function SurveyEntryPage() {
  const { t } = useTranslation();
  const { user, connections } = useSession();
  if (!user) return null;
  const linked = steamAccountId(connections) !== null;
  const earned = user.Badges.some((badge) => badge.Name === PROFILER_BADGE);
  return (
    <section className={ui.card} aria-labelledby="survey-heading">
      <h1 id="survey-heading">{t('survey.heading')}</h1>
      <p>{t('survey.intro')}</p>
      {earned ? <p className={styles.badgeNotice}>{t('survey.alreadyEarned')}</p> : null}
      {linked ? (
        <div className={ui.actions}>
          <Link className={ui.button} to="/survey/qualification">
            {t('survey.start')}
          </Link>
        </div>
      ) : (
        <ConnectSteamPrompt />
      )}
    </section>
  );
}

/** The questions, revealed step by step, and the submit (spec §4 Survey, §5, §7). */
function SurveyForm({ steamId, username }: { steamId: string; username: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const store = useSessionStore();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [answers, setAnswers] = useState<SurveyAnswers>({});
  // Revealed steps stay shown, even when an earlier answer is cleared (spec §4 progressive reveal).
  const [revealed, setRevealed] = useState(1);
  const [errors, setErrors] = useState<QuestionErrors>({});
  const [general, setGeneral] = useState<string[]>([]);
  const submit = useMutation({
    mutationFn: async (body: SurveySubmitRequest) => {
      const answer = await afterSubmitDelay(() => api.call(ENDPOINTS.postSurveyQualification, { body }));
      // The badge shows in the account at once; a failed reload only delays it to the next load.
      await store.refreshProfile().catch((error: unknown) => {
        console.warn('The profile could not be reloaded after the survey', error);
      });
      return answer;
    },
  });

  const set = <P extends SurveyProperty>(property: P, value: SurveyAnswers[P]) => {
    const next: SurveyAnswers = { ...answers, [property]: value };
    setAnswers(next);
    setErrors((current) => errorsAfterChange(current, property, next));
    setRevealed((shown) => Math.max(shown, activeStepCount(next)));
  };
  const showErrors = (questions: QuestionErrors, codes: string[]) => {
    flushSync(() => {
      setErrors(questions);
      setGeneral(codes);
    });
    const first = firstFailing(questions);
    if (first) focusQuestion(formRef.current, first);
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submit.isPending) return;
    const failing = requiredErrors(answers);
    if (firstFailing(failing)) {
      showErrors(failing, []);
      return;
    }
    setErrors({});
    setGeneral([]);
    submit.mutate(surveyRequest(answers, steamId, username), {
      onSuccess: (answer) =>
        void navigate('/survey/qualification/confirm', { state: { badgeAwarded: answer.BadgeAwarded } }),
      onError: (error) => {
        const shown = submitErrors(error);
        // Anything but a refusal of the answers: the button is simply enabled again (spec §4).
        if (shown) showErrors(shown.questions, shown.general);
      },
    });
  };

  const single = (property: SurveyProperty & keyof SurveyAnswers) => (value: string) =>
    String(answers[property] ?? '') === value;
  const yesNo: Choice[] = [
    { value: 'yes', label: t('survey.options.yes') },
    { value: 'no', label: t('survey.options.no') },
  ];
  const isYesNo = (answer: boolean | null | undefined) => (value: string) => answer === (value === 'yes');
  const reviews = numbered(REVIEW_OPTIONS, t, 'Reviews');
  const q = (property: string) => t(`survey.questions.${property}`);

  const steps: ReactNode[] = [
    <StepGroup key={1} step={1} legend={q('about')}>
      <QuestionGroup
        property="Age"
        legend={q('Age')}
        type="radio"
        choices={numbered(AGE_OPTIONS, t, 'Age')}
        isChecked={single('Age')}
        onToggle={(value) => set('Age', Number(value))}
        error={errors.Age}
      />
      <QuestionGroup
        property="Gender"
        legend={q('Gender')}
        type="radio"
        choices={numbered(GENDER_OPTIONS, t, 'Gender')}
        isChecked={single('Gender')}
        onToggle={(value) => set('Gender', Number(value))}
        error={errors.Gender}
      />
    </StepGroup>,
    <StepGroup key={2} step={2} legend={q('Country')}>
      <CountryCombobox
        label={t('survey.labels.Country')}
        value={answers.Country ?? ''}
        onChange={(value) => set('Country', value)}
        error={errors.Country}
      />
    </StepGroup>,
    <QuestionGroup
      key={3}
      step={3}
      property="DevType"
      legend={q('DevType')}
      type="radio"
      choices={numbered(DEV_TYPE_OPTIONS, t, 'DevType')}
      isChecked={single('DevType')}
      onToggle={(value) => set('DevType', Number(value))}
      error={errors.DevType}
    />,
    <QuestionGroup
      key={4}
      step={4}
      property="FavoriteFeatures"
      legend={q('FavoriteFeatures')}
      type="radio"
      choices={FAVORITE_FEATURES.map((value) => ({
        value,
        label: t(`survey.options.FavoriteFeatures.${value}`),
      }))}
      isChecked={single('FavoriteFeatures')}
      onToggle={(value) => set('FavoriteFeatures', value as (typeof FAVORITE_FEATURES)[number])}
      error={errors.FavoriteFeatures}
    >
      {answers.FavoriteFeatures === FAVORITE_FEATURE_OTHER ? (
        <ConditionalText
          property="OtherFavoriteFeatures"
          label={q('OtherFavoriteFeatures')}
          value={answers.OtherFavoriteFeatures}
          onChange={(value) => set('OtherFavoriteFeatures', value)}
          error={errors.OtherFavoriteFeatures}
        />
      ) : null}
    </QuestionGroup>,
    <QuestionGroup
      key={5}
      step={5}
      property="SocialNetworks"
      legend={q('SocialNetworks')}
      hint={t('survey.chooseAll')}
      type="checkbox"
      choices={SOCIAL_NETWORKS.map((value) => ({
        value,
        label: t(`survey.options.SocialNetworks.${value}`),
      }))}
      isChecked={(value) => answers.SocialNetworks?.includes(value) ?? false}
      onToggle={(value, checked) =>
        set('SocialNetworks', toggleChoice(SOCIAL_NETWORKS, answers.SocialNetworks, value, checked))
      }
      error={errors.SocialNetworks}
      columns
    >
      {hasOtherSocialNetwork(answers) ? (
        <ConditionalText
          property="OtherSocialNetworks"
          label={q('OtherSocialNetworks')}
          value={answers.OtherSocialNetworks}
          onChange={(value) => set('OtherSocialNetworks', value)}
          error={errors.OtherSocialNetworks}
        />
      ) : null}
    </QuestionGroup>,
    <StepGroup key={6} step={6} legend={q('information')}>
      <QuestionGroup
        property="Gameinformationources"
        legend={q('Gameinformationources')}
        hint={t('survey.chooseAll')}
        type="checkbox"
        choices={GAME_INFORMATION_SOURCES.map((value) => ({
          value,
          label: t(`survey.options.Gameinformationources.${value}`),
        }))}
        isChecked={(value) => answers.Gameinformationources?.includes(value) ?? false}
        onToggle={(value, checked) =>
          set(
            'Gameinformationources',
            toggleChoice(GAME_INFORMATION_SOURCES, answers.Gameinformationources, value, checked),
          )
        }
        error={errors.Gameinformationources}
      />
      <QuestionGroup
        property="HasInfluencers"
        legend={q('HasInfluencers')}
        type="radio"
        choices={yesNo}
        isChecked={isYesNo(answers.HasInfluencers)}
        onToggle={(value) => set('HasInfluencers', value === 'yes')}
        error={errors.HasInfluencers}
      >
        {answers.HasInfluencers === true ? (
          <ConditionalText
            property="Influencers"
            label={q('Influencers')}
            value={answers.Influencers}
            onChange={(value) => set('Influencers', value)}
            error={errors.Influencers}
          />
        ) : null}
      </QuestionGroup>
    </StepGroup>,
    <QuestionGroup
      key={7}
      step={7}
      property="GamingWebsites"
      legend={q('GamingWebsites')}
      hint={t('survey.chooseAll')}
      type="checkbox"
      // The sites are names, shown as they are; only 'Other' is a word to translate.
      choices={GAMING_WEBSITES.map((value) => ({
        value,
        label: value === 'Other' ? t('survey.options.other') : value,
      }))}
      isChecked={(value) => answers.GamingWebsites?.includes(value) ?? false}
      onToggle={(value, checked) =>
        set('GamingWebsites', toggleChoice(GAMING_WEBSITES, answers.GamingWebsites, value, checked))
      }
      error={errors.GamingWebsites}
      columns
    />,
    <StepGroup key={8} step={8} legend={q('reviews')}>
      {(['Reviews_GamingWebsite', 'Reviews_Influencers', 'Reviews_Steam'] as const).map((property) => (
        <QuestionGroup
          key={property}
          property={property}
          legend={q(property)}
          type="radio"
          choices={reviews}
          isChecked={single(property)}
          onToggle={(value) => set(property, Number(value))}
          error={errors[property]}
        />
      ))}
    </StepGroup>,
    <QuestionGroup
      key={9}
      step={9}
      property="HasOtherStudios"
      legend={q('HasOtherStudios')}
      type="radio"
      choices={yesNo}
      isChecked={isYesNo(answers.HasOtherStudios)}
      onToggle={(value) => set('HasOtherStudios', value === 'yes')}
      error={errors.HasOtherStudios}
    >
      {answers.HasOtherStudios === true ? (
        <ConditionalText
          property="OtherStudios"
          label={q('OtherStudios')}
          value={answers.OtherStudios}
          onChange={(value) => set('OtherStudios', value)}
          error={errors.OtherStudios}
        />
      ) : null}
    </QuestionGroup>,
    <StepGroup key={10} step={10} legend={q('AdditionnalMessage')}>
      <MessageField
        label={t('survey.labels.AdditionnalMessage')}
        value={answers.AdditionnalMessage ?? ''}
        onChange={(value) => set('AdditionnalMessage', value)}
        error={errors.AdditionnalMessage}
      />
    </StepGroup>,
  ];

  return (
    <form ref={formRef} className={styles.steps} onSubmit={onSubmit} noValidate>
      {steps.slice(0, revealed)}
      {/* Announces a newly shown step without moving focus: keyboard users go on with Tab. */}
      <p className="visually-hidden" role="status">
        {revealed > 1 ? t('survey.revealed', { step: revealed, total: SURVEY_STEP_COUNT }) : ''}
      </p>
      {revealed === SURVEY_STEP_COUNT ? (
        <>
          <ErrorSummary codes={general} />
          <div className={ui.actions}>
            <button type="submit" className={ui.button} disabled={submit.isPending}>
              {t('survey.submit')}
            </button>
          </div>
        </>
      ) : null}
    </form>
  );
}

/**
 * /survey/qualification: the ten steps (spec §2, §4 Survey) for a player with a linked Steam account;
 * without one, the entry's connect prompt instead of the questions (spec §5: the answers are sent only
 * with a PC game store connection).
 */
export function SurveyQualificationPage() {
  const { t } = useTranslation();
  const { user, connections } = useSession();
  if (!user) return null;
  const steamId = steamAccountId(connections);
  return (
    <section className={`${ui.card} ${styles.page}`} aria-labelledby="survey-questions-heading">
      <h1 id="survey-questions-heading">{t('survey.heading')}</h1>
      {steamId ? (
        <>
          <p>{t('survey.questionsIntro')}</p>
          <SurveyForm steamId={steamId} username={user.Username} />
        </>
      ) : (
        <ConnectSteamPrompt />
      )}
    </section>
  );
}

/**
 * /survey/qualification/confirm: the done page (spec §2 Survey) with the reward message; a player who
 * already held the badge (navigation state `badgeAwarded: false`) reads that the answers were updated.
 */
export function SurveyDonePage() {
  const { t } = useTranslation();
  const awarded = (useLocation().state as { badgeAwarded?: boolean } | null)?.badgeAwarded !== false;
  return (
    <section className={ui.card} aria-labelledby="survey-done-heading">
      <h1 id="survey-done-heading">{t('survey.doneHeading')}</h1>
      <p>{t(awarded ? 'survey.reward' : 'survey.rewardKept')}</p>
      <p>
        <Link to="/account">{t('survey.backToAccount')}</Link>
      </p>
    </section>
  );
}
