/**
 * The French texts of the Your data page, the counterpart of data-export-en.ts (same keys:
 * i18n.test.ts).
 */
import type { DATA_EXPORT_EN } from './data-export-en.ts';

/** Same keys as {@link DATA_EXPORT_EN}, any text. */
type Texts<T> = { readonly [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

export const DATA_EXPORT_FR: Texts<typeof DATA_EXPORT_EN> = {
  heading: 'Télécharger vos données',
  intro:
    'Vous pouvez télécharger une copie de tout ce que {{studio}} conserve à votre sujet, en JSON, un format lisible par machine que vous pouvez garder ou transmettre à un autre service.',
  containsHeading: 'Ce que contient le fichier',
  contains: {
    account:
      "Votre compte : nom d'utilisateur, adresse e-mail, nom, date de naissance, langue, identifiant de connexion partenaire",
    consents: 'Vos choix de cookies et les lettres d’information que vous recevez',
    connections:
      'Les comptes que vous avez associés (Steam, Twitch, Epic Games) et les sites que vous avez autorisés',
    blocks: 'Les joueurs que vous avez bloqués, et combien de joueurs vous ont bloqué',
    survey: 'Vos réponses au questionnaire et vos badges',
    sessions: 'Où vous êtes connecté : adresse, navigateur et dates',
    events: 'Vos événements de sécurité et les e-mails que nous vous avons envoyés',
  },
  noSecrets:
    'Il ne contient jamais votre mot de passe ni aucun code ou jeton permettant de se connecter à votre compte.',
  reauth: 'Pour votre sécurité, il pourra vous être demandé de confirmer d’abord votre mot de passe.',
  download: 'Télécharger mes données',
  downloaded: 'Vos données ont été téléchargées dans le fichier {{file}}.',
};
