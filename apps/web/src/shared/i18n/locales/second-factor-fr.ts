/**
 * The French texts of the second-factor form, the counterpart of second-factor-en.ts (same keys:
 * i18n.test.ts).
 */
import type { SECOND_FACTOR_EN } from './second-factor-en.ts';

/** Same keys as {@link SECOND_FACTOR_EN}, any text. */
type Texts<T> = { readonly [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

export const SECOND_FACTOR_FR: Texts<typeof SECOND_FACTOR_EN> = {
  heading: 'Vérification en deux étapes',
  intro: 'Saisissez le code à 6 chiffres de votre application d’authentification.',
  introRecovery: 'Saisissez l’un de vos codes de secours.',
  code: 'Code',
  recoveryCode: 'Code de secours',
  useRecovery: 'Utiliser plutôt un code de secours',
  useApp: 'Utiliser plutôt l’application d’authentification',
  remember: 'Se souvenir de cet appareil pendant 30 jours',
  submit: 'Vérifier',
  back: 'Retour à la connexion',
  backToPassword: 'Retour au mot de passe',
  reauthIntro:
    'Votre compte est protégé par la vérification en deux étapes : confirmez aussi cette modification avec votre deuxième facteur.',
  introPasskey: 'Confirmez votre identité avec votre clé d’accès.',
  usePasskey: 'Utiliser une clé d’accès',
  usePasskeyInstead: 'Utiliser plutôt une clé d’accès',
  passkeyCancelled: 'La clé d’accès n’a pas été utilisée. Vous pouvez réessayer ou choisir un autre moyen.',
  passkeyUnsupported: 'Ce navigateur ne peut pas utiliser de clé d’accès : choisissez un autre moyen.',
  passkeyErrors: {
    registered: 'Cette clé d’accès ne peut pas être utilisée ici. Essayez-en une autre.',
    unsupported: 'Ce navigateur ne peut pas utiliser de clé d’accès : choisissez un autre moyen.',
    failed: 'La clé d’accès n’a pas pu être utilisée. Veuillez réessayer.',
  },
};
