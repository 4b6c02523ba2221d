/**
 * The French texts of the log-in's second step, the counterpart of second-factor-en.ts (same keys:
 * i18n.test.ts).
 */
import type { SECOND_FACTOR_EN } from './second-factor-en.ts';

export const SECOND_FACTOR_FR: { readonly [K in keyof typeof SECOND_FACTOR_EN]: string } = {
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
};
