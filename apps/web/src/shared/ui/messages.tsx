/**
 * Form-level messages: the general error list (spec §8 "in a general list when Property is empty"), an
 * information notice, and a status message for changes saved as they are made (a live region present
 * before its text, so every new text is announced politely). All are announced (role=alert /
 * role=status).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../i18n/use-error-text.ts';
import styles from './ui.module.css';

/** The general error list of a form; renders nothing when empty. `extra` adds custom items. */
export function ErrorSummary({ codes, extra }: { codes: readonly string[]; extra?: ReactNode }) {
  const { t } = useTranslation();
  const text = useErrorText();
  if (codes.length === 0 && !extra) return null;
  return (
    <div className={styles.errorSummary} role="alert">
      <p className="visually-hidden">{t('common.errorsHeading')}</p>
      <ul>
        {codes.map((code) => (
          <li key={code}>{text(code)}</li>
        ))}
        {extra}
      </ul>
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
