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
  totp: {
    heading: 'Application d’authentification',
    intro:
      'Après votre mot de passe, la connexion demande un code d’une application d’authentification sur votre téléphone.',
    off: 'Non configurée.',
    on: 'Configurée le {{date}}.',
    codesLeft_one: '{{count}} code de secours restant.',
    codesLeft_other: '{{count}} codes de secours restants.',
    setUp: 'Configurer une application d’authentification',
    scan: 'Scannez ce code QR avec votre application d’authentification, ou saisissez la clé à la main.',
    qr: 'Code QR pour votre application d’authentification',
    key: 'Clé :',
    code: 'Code de l’application',
    confirm: 'Confirmer le code',
    cancel: 'Annuler la configuration',
    codesHeading: 'Vos codes de secours',
    codesIntro:
      'Chaque code vous permet de vous connecter une fois si vous ne pouvez pas utiliser votre application. Ils ne sont affichés que maintenant : conservez-les en lieu sûr.',
    copy: 'Copier les codes',
    copied: 'Les codes ont été copiés.',
    download: 'Télécharger les codes',
    saved: 'J’ai enregistré mes codes de secours',
    done: 'Terminé',
    remove: 'Retirer l’application d’authentification',
    removed: 'L’application d’authentification a été retirée.',
    regenerate: 'Obtenir de nouveaux codes de secours',
    enabled: 'L’application d’authentification est configurée.',
  },
  passkeys: {
    heading: 'Clés d’accès',
    intro:
      'Une clé d’accès vous connecte avec votre empreinte, votre visage ou le verrouillage de votre écran au lieu d’un mot de passe, et peut servir de seconde étape après le mot de passe.',
    unsupported:
      'Ce navigateur ne peut ni créer ni utiliser de clés d’accès. Ouvrez cette page dans un navigateur qui les prend en charge pour ajouter ou gérer les vôtres.',
    listLabel: 'Vos clés d’accès',
    none: 'Vous n’avez pas encore de clé d’accès.',
    add: 'Ajouter une clé d’accès',
    name: 'Nom de la clé d’accès',
    nameHint:
      'Un nom pour la reconnaître, par exemple l’appareil ou le gestionnaire de mots de passe qui la garde.',
    defaultName: 'Clé d’accès',
    deviceName: '{{browser}} sur {{os}}',
    create: 'Créer la clé d’accès',
    cancelAdd: 'Pas maintenant',
    added: 'Ajoutée le {{date}}',
    lastUsed: 'Dernière utilisation le {{date}}',
    neverUsed: 'Pas encore utilisée',
    synced: 'Synchronisée entre vos appareils',
    rename: 'Renommer',
    renameLabel: 'Renommer {{name}}',
    newName: 'Nouveau nom pour {{name}}',
    save: 'Enregistrer le nom',
    cancelRename: 'Garder le nom',
    remove: 'Supprimer',
    removeLabel: 'Supprimer {{name}}',
    confirm: {
      title: 'Supprimer la clé d’accès {{name}} ?',
      body: 'Vous ne pourrez plus vous connecter avec elle. La clé elle-même reste sur votre appareil ou dans votre gestionnaire de mots de passe jusqu’à ce que vous l’y supprimiez.',
      remove: 'Supprimer la clé d’accès',
      cancel: 'La garder',
    },
    addedNotice: 'La clé d’accès {{name}} a été ajoutée.',
    addedWithCodes: 'Votre clé d’accès a été ajoutée.',
    renamedNotice: 'La clé d’accès a été renommée {{name}}.',
    removedNotice: 'La clé d’accès {{name}} a été supprimée.',
    cancelled:
      'Aucune clé d’accès n’a été créée : la fenêtre du navigateur a été fermée. Vous pouvez réessayer quand vous voulez.',
    codesIntro:
      'Chaque code vous permet de vous connecter une fois si vous ne pouvez pas utiliser votre clé d’accès. Ils ne sont affichés que maintenant : gardez-les en lieu sûr.',
    errors: {
      registered:
        'Cet appareil ou ce gestionnaire de mots de passe garde déjà une clé d’accès pour votre compte.',
      unsupported: 'Ce navigateur ne peut pas créer de clé d’accès pour ce site.',
      failed: 'La clé d’accès n’a pas pu être créée. Veuillez réessayer.',
    },
  },
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
      'login.second_factor_failed': 'Tentative de connexion échouée (code ou clé d’accès incorrects)',
      'reauthentication.second_factor_failed': 'Code ou clé d’accès incorrects en confirmant votre identité',
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
      'second_factor.added':
        'Méthode de vérification en deux étapes ajoutée (application d’authentification ou clé d’accès)',
      'second_factor.removed':
        'Méthode de vérification en deux étapes retirée (application d’authentification ou clé d’accès)',
      'recovery_codes.regenerated': 'Nouveaux codes de secours créés',
      'recovery_code.used': 'Connexion avec un code de secours',
    },
  },
};
