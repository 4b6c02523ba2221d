/**
 * Labelled text input (DESIGN.md §6: visible label, error linked with aria-describedby and announced
 * with role=alert). Error codes are translated through the catalogue (spec §8). An optional control may
 * sit beside the input (e.g. the show-password toggle of password-field.tsx).
 */
import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { useErrorText } from '../i18n/use-error-text.ts';
import styles from './ui.module.css';

/** Props: those of an `<input>` plus a visible label, an optional hint and an error code. */
export interface TextFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'id'> {
  label: string;
  hint?: string;
  /** Error code (or text) to show under the field. */
  error?: string;
  /** A control shown beside the input, given the input's id (for aria-controls). */
  action?: (inputId: string) => ReactNode;
}

/** A labelled input with hint and error (spec §8 "shown per field"). */
export function TextField({ label, hint, error, action, className, ...inputProps }: TextFieldProps) {
  const id = useId();
  const text = useErrorText();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const input = (
    <input
      {...inputProps}
      id={id}
      className={[styles.input, className].filter(Boolean).join(' ')}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy}
    />
  );
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {action ? (
        <div className={styles.inputRow}>
          {input}
          {action(id)}
        </div>
      ) : (
        input
      )}
      {error ? (
        <p id={errorId} className={styles.fieldError} role="alert">
          {text(error)}
        </p>
      ) : null}
    </div>
  );
}
