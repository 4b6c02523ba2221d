/**
 * The French texts of the password strength meter, the counterpart of password-strength-en.ts (same
 * keys: i18n.test.ts).
 */
import type { PASSWORD_STRENGTH_EN } from './password-strength-en.ts';

/** Same keys as {@link PASSWORD_STRENGTH_EN}, any text. */
type Texts<T> = { readonly [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

export const PASSWORD_STRENGTH_FR: Texts<typeof PASSWORD_STRENGTH_EN> = {
  label: 'Robustesse du mot de passe : {{level}}',
  levels: {
    weak: 'faible',
    fair: 'moyenne',
    good: 'bonne',
    strong: 'excellente',
  },
  common: 'Ce mot de passe est trop courant ou trop facile à deviner.',
  advice: 'Quelques mots sans rapport entre eux font un mot de passe long et facile à retenir.',
};
