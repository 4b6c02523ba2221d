/**
 * An e-mail address field: a {@link TextField} typed `email`, never auto-capitalised or spell-checked,
 * with the browser's address autofill (`autoComplete="email"`) unless told otherwise — a confirmation
 * field passes `autoComplete="off"` so the player types the address again (spec §3 ConfirmEmail).
 */
import type { TextFieldProps } from './text-field.tsx';
import { TextField } from './text-field.tsx';

/** Props: those of {@link TextField} but the type, which is always `email`. */
export type EmailFieldProps = Omit<TextFieldProps, 'type'>;

/** A labelled e-mail input with hint and error. */
export function EmailField({ autoComplete = 'email', ...props }: EmailFieldProps) {
  return (
    <TextField type="email" autoComplete={autoComplete} autoCapitalize="none" spellCheck={false} {...props} />
  );
}
