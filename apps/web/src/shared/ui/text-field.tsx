/**
 * Labelled text input (DESIGN.md §6: visible label, error linked with aria-describedby and announced
 * with role=alert). Error codes are translated through the catalogue (spec §8).
 */
import { useId, type ComponentPropsWithRef } from 'react';
import { useErrorText } from '../i18n/use-error-text.ts';
import styles from './ui.module.css';

/** Props: those of an `<input>` plus a visible label, an optional hint and an error code. */
export interface TextFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'id'> {
  label: string;
  hint?: string;
  /** Error code (or text) to show under the field. */
  error?: string;
}

/** A labelled input with hint and error (spec §8 "shown per field"). */
export function TextField({ label, hint, error, className, ...inputProps }: TextFieldProps) {
  const id = useId();
  const text = useErrorText();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
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
      <input
        {...inputProps}
        id={id}
        className={[styles.input, className].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {error ? (
        <p id={errorId} className={styles.fieldError} role="alert">
          {text(error)}
        </p>
      ) : null}
    </div>
  );
}
