/**
 * The French texts of the "This wasn't me" page, the counterpart of secure-account-en.ts (same keys:
 * i18n.test.ts).
 */
import type { SECURE_ACCOUNT_EN } from './secure-account-en.ts';

/** Same keys as {@link SECURE_ACCOUNT_EN}, any text. */
type Texts<T> = { readonly [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

export const SECURE_ACCOUNT_FR: Texts<typeof SECURE_ACCOUNT_EN> = {
  heading: 'Sécuriser votre compte',
  intro:
    'Vous avez reçu une alerte de sécurité concernant votre compte et ce n’était pas vous. Nous allons :',
  steps: {
    signOut: 'vous déconnecter partout, sur cet appareil et sur les sites partenaires aussi ;',
    devices:
      'oublier les appareils avec lesquels vous vous êtes connecté, pour que chaque nouvelle connexion soit de nouveau signalée ;',
    recovery: 'vous envoyer par e-mail un lien pour choisir un nouveau mot de passe.',
  },
  confirm: 'Sécuriser mon compte',
  doneHeading: 'Votre compte est sécurisé',
  done: {
    signedOut: 'Vous avez été déconnecté partout.',
    devices: 'Vos appareils ne sont plus mémorisés.',
    recovery:
      'Nous vous avons envoyé un e-mail avec un lien pour choisir un nouveau mot de passe. Il fonctionne pendant une heure.',
    noRecovery: 'Votre mot de passe est géré par votre studio : changez-le chez lui.',
  },
  login: 'Aller à la connexion',
  invalidHeading: 'Ce lien ne peut pas être utilisé',
};
