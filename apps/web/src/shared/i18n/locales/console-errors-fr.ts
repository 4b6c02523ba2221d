/**
 * The operator console's error codes in French (issue 24; contracts console-errors.ts): loaded with the
 * console, which adds them to the `errors` namespace (features/admin console-error-texts.ts), so the
 * player pages do not carry them. Complete: the types and i18n.test.ts check it.
 */
import type { ConsoleErrorCode } from '@guildgate/contracts';

/** The console's codes in French. */
export const FR_CONSOLE_ERRORS: Readonly<Record<ConsoleErrorCode, string>> = {
  ERROR_CLIENT_ID_INVALID:
    "L'identifiant du client doit compter de 1 à 128 lettres, chiffres ou caractères . _ ~ -.",
  ERROR_CLIENT_ID_TAKEN: 'Cet identifiant de client est déjà enregistré.',
  ERROR_CLIENT_NAME_INVALID: 'Le nom doit compter de 1 à 100 caractères, sans caractère de contrôle.',
  ERROR_CLIENT_URI_INVALID:
    "Cette adresse doit être une adresse https absolue, sans informations d'utilisateur, d'au plus 2000 caractères.",
  ERROR_CLIENT_URI_NOT_HTTPS:
    'Cette adresse doit utiliser https (http seulement pour localhost ou 127.0.0.1).',
  ERROR_CLIENT_URI_FRAGMENT: 'Cette adresse ne doit pas avoir de fragment (#…).',
  ERROR_CLIENT_URI_WILDCARD: "Les adresses sont comparées exactement : le joker (*) n'est pas permis.",
  ERROR_CLIENT_URIS_COUNT: 'Indiquez de 1 à 20 adresses de retour (au plus 20 adresses de déconnexion).',
  ERROR_CLIENT_NOTHING_TO_CHANGE: 'Rien à changer.',
  ERROR_CLIENT_PUBLIC: "Ce client est public : il n'a pas de secret.",
  ERROR_CLIENT_PORTAL: 'Le client du portail lui-même ne peut être ni modifié ni supprimé ici.',
  ERROR_REDIRECT_PATTERN_INVALID:
    "Un motif s'écrit schéma://hôte[:port][/chemin], l'hôte pouvant commencer par *.",
  ERROR_REDIRECT_PATTERN_SCHEME: 'Un motif doit utiliser https (http seulement pour localhost ou 127.0.0.1).',
  ERROR_REDIRECT_PATTERN_TOO_BROAD:
    'Ce motif autoriserait tous les sites ou tout un domaine de premier niveau.',
  ERROR_REDIRECT_PATTERN_EXISTS: 'Ce motif est déjà dans la liste.',
  ERROR_REDIRECT_PATTERN_CONFIGURED: 'Ce motif vient de la configuration du serveur : retirez-le là.',
  ERROR_STAFF_ROLE_REQUIRED: 'Ceci est réservé au personnel.',
  ERROR_STAFF_ROLE_INSUFFICIENT: 'Votre rôle ne vous permet pas de faire cela.',
  ERROR_STAFF_SECOND_FACTOR_REQUIRED:
    "Le personnel doit configurer un second facteur (une application d'authentification ou une clé d'accès) pour utiliser la console.",
  ERROR_STAFF_OWN_ADMIN_ROLE:
    "Vous ne pouvez pas retirer votre propre rôle d'administrateur. Un autre administrateur doit le faire.",
  ERROR_STAFF_REASON_REQUIRED: "Indiquez une raison : elle est conservée dans le journal d'audit.",
  ERROR_STAFF_OWN_ACCOUNT:
    'Vous ne pouvez pas faire cela sur votre propre compte. Un autre membre du personnel doit le faire.',
  ERROR_STAFF_EMAIL_CONFIRMED: "L'adresse e-mail de ce joueur est déjà confirmée.",
  ERROR_STAFF_NO_SECOND_FACTOR: "Ce joueur n'a aucun second facteur à réinitialiser.",
  ERROR_STAFF_PLAYER_BANNED: 'Ce joueur est déjà banni.',
  ERROR_STAFF_PLAYER_NOT_BANNED: "Ce joueur n'est pas banni.",
  ERROR_IP_BAN_RANGE_INVALID: 'Saisissez une adresse IP ou une plage CIDR (IPv4 ou IPv6).',
  ERROR_IP_BAN_RANGE_EVERYONE: 'Cette plage bannirait toutes les adresses.',
  ERROR_IP_BAN_OWN_ADDRESS:
    'Cette plage contient votre propre adresse : vous ne pourriez plus accéder à la console.',
  ERROR_NEWSLETTER_LIST_NAME_TAKEN: 'Une autre liste de diffusion porte déjà ce nom.',
  ERROR_COOKIE_CATEGORY_NAME_TAKEN: 'Une autre catégorie de cookies porte déjà ce nom.',
  ERROR_COOKIE_CATEGORY_NECESSARY:
    'Une catégorie de cookies nécessaire ne peut être ni supprimée ni rendue facultative.',
  ERROR_COOKIE_CATEGORY_CONSENT_COOKIE:
    'Cette catégorie commande un cookie de consentement : elle ne peut être ni renommée, ni supprimée, ni rendue nécessaire.',
  ERROR_CURSOR_INVALID: "Cette page n'existe pas. Veuillez recommencer.",
};
