/**
 * The survey's question fields (spec §2 Survey, §3 Survey answers, §5 'You must answer this
 * question.' under each failing question): a choice question as a `<fieldset>` of radios or checkboxes,
 * a step of several questions with 'Question n of 10', the conditional texts and the optional message of
 * step 10. Used by the survey form (survey-pages.tsx).
 */
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SURVEY_MESSAGE_MAX,
  SURVEY_STEP_COUNT,
  SURVEY_TEXT_MAX,
  type SurveyProperty,
} from '@guildgate/contracts';
import { useErrorText } from '../../shared/i18n/use-error-text.ts';
import { TextField, ui } from '../../shared/ui/index.ts';
import styles from './survey.module.css';

/** A choice offered by a question: the value as the DOM holds it, and its text. */
export interface Choice {
  value: string;
  label: string;
}

/** Props of {@link QuestionGroup}. */
export interface QuestionGroupProps {
  property: SurveyProperty;
  legend: string;
  type: 'radio' | 'checkbox';
  choices: readonly Choice[];
  isChecked: (value: string) => boolean;
  onToggle: (value: string, checked: boolean) => void;
  error?: string;
  /** Set when the group is a whole step: it then shows 'Question n of 10'. */
  step?: number;
  hint?: string;
  /** Lay the choices out in columns (long lists). */
  columns?: boolean;
  /** The conditional text of the question, under the choices. */
  children?: ReactNode;
}

/**
 * One choice question as a `<fieldset>` named by its `<legend>`: radios or checkboxes, the error under
 * the legend, linked to the group by aria-describedby (the GOV.UK pattern; aria-invalid is not a
 * state of a group in ARIA 1.2, so the invalid look hangs on `data-invalid`).
 */
export function QuestionGroup({
  property,
  legend,
  type,
  choices,
  isChecked,
  onToggle,
  error,
  step,
  hint,
  columns,
  children,
}: QuestionGroupProps) {
  const { t } = useTranslation();
  const id = useId();
  const progressId = step ? `${id}-progress` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset
      className={step ? styles.step : styles.question}
      data-question={property}
      data-invalid={error ? true : undefined}
      aria-describedby={[progressId, hintId, errorId].filter(Boolean).join(' ') || undefined}
    >
      <legend>{legend}</legend>
      {step ? (
        <p id={progressId} className={styles.progress}>
          {t('survey.progress', { step, total: SURVEY_STEP_COUNT })}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className={ui.hint}>
          {hint}
        </p>
      ) : null}
      <QuestionError id={errorId} error={error} />
      <div className={columns ? `${styles.options} ${styles.columns}` : styles.options}>
        {choices.map((choice) => (
          <label key={choice.value} className={styles.option}>
            <input
              type={type}
              name={property}
              value={choice.value}
              checked={isChecked(choice.value)}
              onChange={(event) => onToggle(choice.value, event.target.checked)}
            />
            <span>{choice.label}</span>
          </label>
        ))}
      </div>
      {children}
    </fieldset>
  );
}

/** A step of several questions: a `<fieldset>` with its legend and 'Question n of 10'. */
export function StepGroup({ step, legend, children }: { step: number; legend: string; children: ReactNode }) {
  const { t } = useTranslation();
  const progressId = `${useId()}-progress`;
  return (
    <fieldset className={styles.step} aria-describedby={progressId}>
      <legend>{legend}</legend>
      <p id={progressId} className={styles.progress}>
        {t('survey.progress', { step, total: SURVEY_STEP_COUNT })}
      </p>
      {children}
    </fieldset>
  );
}

/** The text of a conditional answer (e.g. 'Something else' → OtherFavoriteFeatures). */
export function ConditionalText({
  property,
  label,
  value,
  onChange,
  error,
}: {
  property: SurveyProperty;
  label: string;
  value: string | null | undefined;
  onChange: (value: string) => void;
  error?: string;
}) {
  return (
    <div data-question={property}>
      <TextField
        label={label}
        value={value ?? ''}
        maxLength={SURVEY_TEXT_MAX}
        error={error}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/** The optional message of step 10 (AdditionnalMessage). */
export function MessageField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={ui.field} data-question="AdditionnalMessage">
      <label className={ui.label} htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className={`${ui.input} ${styles.textarea}`}
        value={value}
        maxLength={SURVEY_MESSAGE_MAX}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
        onChange={(event) => onChange(event.target.value)}
      />
      <QuestionError id={errorId} error={error} />
    </div>
  );
}

/** Choices of a numbered single choice (Age, Gender, DevType, the reviews) with texts under `key`. */
export function numbered(options: readonly number[], t: (key: string) => string, key: string): Choice[] {
  return options.map((value) => ({ value: String(value), label: t(`survey.options.${key}.${value}`) }));
}

/** Focuses a question: its chosen option, else its first field (spec §5: the first failing question). */
export function focusQuestion(form: HTMLFormElement | null, property: SurveyProperty) {
  const container = form?.querySelector(`[data-question="${property}"]`);
  const target =
    container?.querySelector<HTMLElement>('input:checked') ??
    container?.querySelector<HTMLElement>('input:not([type="hidden"]), textarea');
  target?.focus();
}

/**
 * The error under a question (spec §5 'You must answer this question.', or a server message), whose
 * `id` the question's field or group names in aria-describedby; nothing without an error.
 * @param error an error code of the catalogue (spec §8), shown in the page's language
 */
export function QuestionError({ id, error }: { id: string | undefined; error: string | undefined }) {
  const text = useErrorText();
  return error && id ? (
    <p id={id} className={ui.fieldError}>
      {text(error)}
    </p>
  ) : null;
}
