/**
 * The French texts of the log-in page's "Sign in with a passkey", the counterpart of
 * passkey-login-en.ts (same keys: i18n.test.ts).
 */
import type { PASSKEY_LOGIN_EN } from './passkey-login-en.ts';

/** Same keys as {@link PASSKEY_LOGIN_EN}, any text. */
type Texts<T> = { readonly [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

export const PASSKEY_LOGIN_FR: Texts<typeof PASSKEY_LOGIN_EN> = {
  or: 'ou',
  button: 'Se connecter avec une clé d’accès',
  cancelled:
    'La clé d’accès n’a pas été utilisée. Vous pouvez réessayer, ou vous connecter avec votre mot de passe.',
  errors: {
    unsupported:
      'Ce navigateur ne peut pas utiliser de clé d’accès pour ce site. Veuillez vous connecter avec votre mot de passe.',
    failed: 'La connexion avec une clé d’accès n’a pas abouti. Veuillez réessayer.',
  },
};
