/**
 * A password input with a show/hide toggle (issue 19 §4): a toggle button beside it ("Show password",
 * aria-pressed, aria-controls the input) switches the input between type password and text; the input
 * keeps its value and autocomplete, and focus stays on the toggle. Everything else is
 * {@link TextField}'s (label, hint, error announced and linked). The toggle's name stays the same when
 * pressed (a toggle button's state is aria-pressed), and holds no field label, so that it never
 * matches another control's name (e.g. a "Confirm" button beside "Confirm password").
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField, type TextFieldProps } from './text-field.tsx';
import styles from './ui.module.css';

/** Props: those of {@link TextField} without `type` and `action`. */
export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'action'>;

/** A password field the player may reveal to check what they typed. */
export function PasswordField(props: PasswordFieldProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      autoCapitalize="none"
      spellCheck={false}
      action={(inputId) => (
        <button
          type="button"
          className={styles.reveal}
          aria-pressed={shown}
          aria-controls={inputId}
          onClick={() => setShown((value) => !value)}
        >
          {t('forms.showPassword')}
        </button>
      )}
    />
  );
}
