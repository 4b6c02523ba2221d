/**
 * The French texts of the consent page, the counterpart of consent-en.ts (same keys: i18n.test.ts).
 */
import type { CONSENT_EN } from './consent-en.ts';

/** Same keys as {@link CONSENT_EN}, any text. */
type Texts<T> = { readonly [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

export const CONSENT_FR: Texts<typeof CONSENT_EN> = {
  heading: '{{site}} souhaite accéder à votre compte {{studio}}',
  signedInAs: 'Connecté en tant que {{username}}.',
  site: 'Après votre réponse, vous revenez sur {{host}}.',
  asks: "Si vous l'autorisez, {{site}} pourra :",
  scopes: {
    openid: 'Savoir qui vous êtes sur {{studio}}',
    profile:
      "Voir votre nom d'utilisateur, votre image de profil, vos titres et badges, et votre compte Steam associé",
    email: 'Voir votre adresse e-mail et si elle est confirmée',
  },
  granted: '(déjà autorisé)',
  notice: 'Vous pouvez retirer son accès à tout moment dans Sites connectés, dans votre compte.',
  allow: 'Autoriser',
  deny: 'Refuser',
  expiredHeading: 'Cette demande de connexion est terminée',
  expired:
    'Cette demande de connexion a expiré ou a déjà reçu une réponse. Retournez sur le site et connectez-vous à nouveau.',
};
