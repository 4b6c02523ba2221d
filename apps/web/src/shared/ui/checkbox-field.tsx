/**
 * Accessible checkbox with a visible label and an error linked by aria-describedby and announced
 * (DESIGN.md §6). Used for the register consents (spec §3 Register form). A native, restyled
 * `<input type="checkbox">` is used rather than React Aria's visually hidden input so that the box the
 * player sees is the element that receives clicks (end-to-end tests `check()` it by its label).
 */
import { useId, type ComponentPropsWithRef } from 'react';
import { useErrorText } from '../i18n/use-error-text.ts';
import styles from './ui.module.css';

/** Props: those of a checkbox `<input>` (e.g. from react-hook-form's `register`) plus label and error. */
export interface CheckboxFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'type' | 'id'> {
  label: string;
  /** Error code (or text) to show under the checkbox. */
  error?: string;
}

/** A consent checkbox (spec §5 "Privacy policy and terms are checkboxes that must be accepted"). */
export function CheckboxField({ label, error, className, ...inputProps }: CheckboxFieldProps) {
  const id = useId();
  const text = useErrorText();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={styles.field}>
      <label className={styles.checkbox} htmlFor={id}>
        <input
          {...inputProps}
          id={id}
          type="checkbox"
          className={[styles.checkboxInput, className].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
        />
        <span>{label}</span>
      </label>
      {error ? (
        <p id={errorId} className={styles.fieldError} role="alert">
          {text(error)}
        </p>
      ) : null}
    </div>
  );
}
