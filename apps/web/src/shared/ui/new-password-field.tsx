/**
 * A new-password field (registration, password recovery, the account's password change; issue 22 §9):
 * {@link PasswordField} with, when `strengthMeter` is on (the flag breachedPasswordCheck), the strength
 * meter under it. The meter, the zxcvbn estimator and their texts are loaded only once the player
 * focuses or types in the field (React.lazy, dynamic imports: chunks of their own), so no page's first
 * visit carries them (docs/performance.md budgets).
 */
import { lazy, Suspense, useState, type ChangeEvent, type ComponentType, type FocusEvent } from 'react';
import { PasswordField, type PasswordFieldProps } from './password-field.tsx';
import type { PasswordStrengthMeterProps } from './password-strength-meter.tsx';

/** The meter's chunk; one that cannot be fetched gives no meter (never the page's error screen). */
const PasswordStrengthMeter = lazy<ComponentType<PasswordStrengthMeterProps>>(() =>
  import('./password-strength-meter.tsx').catch(() => ({ default: () => null })),
);

/** Props: those of {@link PasswordField}, the meter switch and the player's own words. */
export interface NewPasswordFieldProps extends PasswordFieldProps {
  /** Show the strength meter (the runtime configuration's `features.breachedPasswordCheck`). */
  strengthMeter: boolean;
  /** The player's own words (username, e-mail address) the estimate treats as guessable; read when typed. */
  userInputs?: () => readonly (string | null | undefined)[];
}

/** A password field for a new password, with the strength meter behind the flag. */
export function NewPasswordField({
  strengthMeter,
  userInputs,
  onChange,
  onFocus,
  ...props
}: NewPasswordFieldProps) {
  const [active, setActive] = useState(false);
  const [password, setPassword] = useState('');
  const [inputs, setInputs] = useState<readonly string[]>([]);
  const handleFocus = (event: FocusEvent<HTMLInputElement>) => {
    setActive(true);
    onFocus?.(event);
  };
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    setActive(true);
    setPassword(event.target.value);
    setInputs((userInputs?.() ?? []).filter((word): word is string => !!word));
    return onChange?.(event);
  };
  return (
    <>
      <PasswordField {...props} onFocus={handleFocus} onChange={handleChange} />
      {strengthMeter && active ? (
        <Suspense fallback={null}>
          <PasswordStrengthMeter password={password} userInputs={inputs} />
        </Suspense>
      ) : null}
    </>
  );
}
