/**
 * The strength meter's level of a password (issue 22 §9; shared/ui/password-strength-meter.tsx): zxcvbn's
 * score 0–4 (`@guildgate/contracts` password-strength.ts) in four words the player reads. A password the
 * server refuses as common (isCommonPassword: a score below 3 with a dictionary match) is always
 * `weak`, whatever its score, so the meter never calls "fair" what the form will refuse.
 */
import { isCommonPassword, type PasswordStrength } from '@guildgate/contracts';

/** The meter's levels, weakest first. */
export type PasswordStrengthLevel = 'weak' | 'fair' | 'good' | 'strong';

/** weak: common, or score 0–1; fair: score 2; good: 3; strong: 4. */
export function passwordStrengthLevel(strength: PasswordStrength): PasswordStrengthLevel {
  if (isCommonPassword(strength) || strength.score <= 1) return 'weak';
  if (strength.score === 2) return 'fair';
  return strength.score === 3 ? 'good' : 'strong';
}
