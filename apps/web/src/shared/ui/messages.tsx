/**
 * Form-level messages: the general error list (spec §8 "in a general list when Property is empty"),
 * which also says when the account API could not be reached and offers Retry (issue 19 §5), an
 * information notice, and a status message for changes saved as they are made (a live region present
 * before its text, so every new text is announced politely). All are announced (role=alert /
 * role=status); the list can receive focus (tabIndex -1, by its id) so that a form moves the player to
 * it (shared/forms/use-server-errors.ts).
 */
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../i18n/use-error-text.ts';
import styles from './ui.module.css';

/**
 * Retry after a failed call: focuses the form's own submit button (which then shows its busy state)
 * and submits the form again with what the player typed.
 */
function retrySubmit(event: MouseEvent<HTMLButtonElement>) {
  const form = event.currentTarget.form;
  if (!form) return;
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  submit?.focus();
  form.requestSubmit(submit ?? undefined);
}

/** Props of {@link ErrorSummary}. */
export interface ErrorSummaryProps {
  /** Error codes of the general list (turned into text by the catalogue, spec §8). */
  codes: readonly string[];
  /** Custom items added to the list. */
  extra?: ReactNode;
  /** The last call did not reach the API: say so and offer Retry (inside a form: it submits it again). */
  unreachable?: boolean;
  /** The list's id, for focus (useServerErrors' `summaryId`). */
  id?: string;
}

/** The general error list of a form; renders nothing when there is nothing to say. */
export function ErrorSummary({ codes, extra, unreachable = false, id }: ErrorSummaryProps) {
  const { t } = useTranslation();
  const text = useErrorText();
  if (codes.length === 0 && !extra && !unreachable) return null;
  return (
    <div className={styles.errorSummary} role="alert" tabIndex={-1} id={id}>
      <p className="visually-hidden">{t('common.errorsHeading')}</p>
      {unreachable ? (
        <div className={styles.unreachable}>
          <p>{t('forms.unreachable')}</p>
          <button type="button" className={styles.buttonSecondary} onClick={retrySubmit}>
            {t('forms.retry')}
          </button>
        </div>
      ) : null}
      {codes.length || extra ? (
        <ul>
          {codes.map((code) => (
            <li key={code}>{text(code)}</li>
          ))}
          {extra}
        </ul>
      ) : null}
    </div>
  );
}

/** A confirmation notice (e.g. 'Your email address is confirmed, you can log in.'). */
export function Notice({ children }: { children: ReactNode }) {
  return (
    <p className={styles.notice} role="status">
      {children}
    </p>
  );
}

/**
 * A polite live region (role=status) that is always in the page and shows `message` as a notice when it
 * is not empty: screen readers announce each new message (e.g. 'Saved: …' after a switch is moved) without
 * moving focus. Give an empty message to clear it before the next change.
 */
export function StatusMessage({ message }: { message: string }) {
  return (
    <div role="status" className={styles.statusRegion}>
      {message ? <p className={styles.notice}>{message}</p> : null}
    </div>
  );
}
