/**
 * The password strength meter (issue 22 §9; flag breachedPasswordCheck): under a new-password field, the
 * strength of what the player types, as text announced politely ("Password strength: weak", role
 * status) and as a bar that only repeats it (never colour alone); a password the server will refuse as
 * common also says so. The estimate is zxcvbn's with the bundled dictionaries, the very one the server
 * applies (`@guildgate/contracts` password-strength.ts), given the player's own words as user inputs.
 *
 * This module is a chunk of its own, loaded by new-password-field.tsx when the player first focuses the
 * field; it loads the estimator (another chunk) and its texts (the `password-strength` namespace). Until
 * they are there, or if they cannot be fetched, the meter stays empty: the server's check still applies.
 */
import { useDeferredValue, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  isCommonPassword,
  loadPasswordStrength,
  passwordUserInputs,
  type PasswordStrengthEstimator,
} from '@guildgate/contracts';
import { passwordStrengthLevel } from '../forms/password-strength-level.ts';
import styles from './password-strength.module.css';

/** Props: what is typed, and the player's own words (username, e-mail address), if known. */
export interface PasswordStrengthMeterProps {
  password: string;
  userInputs: readonly string[];
}

/** The meter; the default export, for React.lazy. */
export default function PasswordStrengthMeter({ password, userInputs }: PasswordStrengthMeterProps) {
  const { t, ready } = useTranslation('password-strength');
  const [estimate, setEstimate] = useState<PasswordStrengthEstimator | null>(null);
  // Typing stays responsive: the estimate (1–25 ms) follows the deferred value.
  const typed = useDeferredValue(password);

  useEffect(() => {
    let live = true;
    loadPasswordStrength().then(
      (loaded) => {
        if (live) setEstimate(() => loaded);
      },
      () => {
        // Not loaded (offline, a deployment replaced the chunk): no meter; the server still checks.
      },
    );
    return () => {
      live = false;
    };
  }, []);

  const strength = estimate && ready && typed ? estimate(typed, passwordUserInputs(...userInputs)) : null;
  const level = strength ? passwordStrengthLevel(strength) : undefined;
  return (
    <div className={styles.meter} data-level={level}>
      <div className={styles.bar} aria-hidden="true">
        <span className={styles.fill} />
      </div>
      <p className={styles.text} role="status">
        {level ? t('label', { level: t(`levels.${level}`) }) : null}
        {strength && isCommonPassword(strength) ? ` ${t('common')}` : null}
      </p>
    </div>
  );
}
