/**
 * The French texts of the account's Security page, the counterpart of security-en.ts (same keys:
 * i18n.test.ts).
 */
import type { SECURITY_EN } from './security-en.ts';

/** Same keys as {@link SECURITY_EN}, any text. */
type Texts<T> = { readonly [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

export const SECURITY_FR: Texts<typeof SECURITY_EN> = {
  heading: 'Sécurité',
  intro: 'Vérifiez où votre compte {{studio}} est connecté et ce qui s’y est passé récemment.',
  sessions: {
    heading: 'Où vous êtes connecté',
    intro: 'Ces appareils sont connectés à votre compte. Déconnectez ceux que vous ne reconnaissez pas.',
    thisDevice: 'Cet appareil',
    unknownDevice: 'Appareil inconnu',
    deviceOn: '{{browser}} sur {{os}}',
    types: {
      desktop: 'Ordinateur',
      mobile: 'Téléphone',
      tablet: 'Tablette',
      console: 'Console de jeu',
      smarttv: 'Téléviseur',
      wearable: 'Montre',
      embedded: 'Appareil',
    },
    ip: 'Adresse IP : {{ip}}',
    unknownIp: 'Adresse IP inconnue',
    firstUsed: 'Connecté le {{date}}',
    lastUsed: 'Dernière activité le {{date}}',
    signOut: 'Déconnecter',
    signOutLabel: 'Déconnecter {{device}}',
    signedOut: '{{device}} a été déconnecté.',
    signOutOthers: 'Déconnecter tous les autres appareils',
    noOthers: 'Vous n’êtes connecté sur aucun autre appareil.',
    confirm: {
      title: 'Déconnecter tous les autres appareils ?',
      body: 'Tous les autres appareils connectés à votre compte seront déconnectés immédiatement. Cet appareil reste connecté.',
      cancel: 'Les garder connectés',
    },
    signedOutOthers_one: '{{count}} autre appareil a été déconnecté.',
    signedOutOthers_other: '{{count}} autres appareils ont été déconnectés.',
  },
  activity: {
    heading: 'Activité récente',
    intro: 'Les événements de sécurité de votre compte des 90 derniers jours, du plus récent au plus ancien.',
    empty: 'Rien à afficher pour les 90 derniers jours.',
    more: 'Afficher plus',
    from: 'Depuis {{where}}',
    at: 'Site : {{client}}',
    types: {
      'session.created': 'Connexion',
      'session.logged_out': 'Déconnexion',
      'session.signed_out_remotely': 'Un autre appareil a été déconnecté',
      'session.signed_out_others': 'Tous les autres appareils ont été déconnectés',
      'login.failed': 'Tentative de connexion échouée (mot de passe incorrect)',
      'partner.signed_in': 'Connexion avec votre compte du studio',
      'password.changed': 'Mot de passe modifié',
      'password.recovered': 'Mot de passe réinitialisé par un lien de récupération',
      'email.update_requested': 'Changement d’adresse e-mail demandé',
      'email.updated': 'Adresse e-mail modifiée',
      'email.recovered': 'Changement d’adresse e-mail annulé',
      'connection.linked': 'Compte associé',
      'connection.unlinked': 'Compte dissocié',
      'oidc.code_issued': 'Connexion à un site partenaire',
      'connected-site.removed': 'Accès d’un site retiré',
    },
  },
};
