/**
 * A form's submit button that shows the call under way where the player is looking (issue 19 §5): while
 * `busy` it keeps focus (aria-disabled rather than disabled, so focus is not lost), is marked aria-busy,
 * shows a spinner, ignores further clicks (spec §4 Submit protection: "A loading flag disables
 * repeated submits"), and a polite live region beside it says "Please wait" to screen readers.
 */
import type { ComponentPropsWithRef, MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './ui.module.css';

/** Props: those of a `<button>` (type is always submit) plus `busy`. */
export interface SubmitButtonProps extends Omit<ComponentPropsWithRef<'button'>, 'type' | 'disabled'> {
  /** The form's call is under way. */
  busy: boolean;
  /** The secondary look (ui.buttonSecondary) instead of the primary one. */
  secondary?: boolean;
}

/** The submit button of a form, with its busy state. */
export function SubmitButton({
  busy,
  secondary = false,
  className,
  onClick,
  children,
  ...rest
}: SubmitButtonProps) {
  const { t } = useTranslation();
  const click = (event: MouseEvent<HTMLButtonElement>) => {
    if (busy) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <>
      <button
        {...rest}
        type="submit"
        className={[secondary ? styles.buttonSecondary : styles.button, className].filter(Boolean).join(' ')}
        aria-disabled={busy || undefined}
        aria-busy={busy || undefined}
        onClick={click}
      >
        {busy ? <span className={styles.spinner} aria-hidden="true" /> : null}
        {children}
      </button>
      <span className="visually-hidden" role="status">
        {busy ? t('forms.pleaseWait') : ''}
      </span>
    </>
  );
}
