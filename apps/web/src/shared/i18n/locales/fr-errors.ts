/**
 * The French `errors` namespace (spec §8 text filter; DESIGN.md §6 "a second locale proves the
 * mechanism"): a message for every code of the catalogue, checked complete by the types and i18n.test.ts.
 */
import type { PlayerErrorCode } from '@guildgate/contracts';

/** The `errors` namespace in French: a message for every code of the catalogue (spec §8, §5). */
export const FR_ERRORS: Readonly<Record<PlayerErrorCode, string>> = {
  // §8 general
  ERROR_NOT_ALLOWED: "Vous n'êtes pas autorisé à effectuer cette action.",
  ERROR_EMAIL_UNKNOWN: 'Cette adresse e-mail est inconnue.',
  ERROR_PASSWORD_RECOVERY_NOTEXISTS: "Votre lien n'est pas valide.",
  ERROR_EMAIL_RECOVERY_NOTEXISTS: "Votre lien n'est pas valide.",
  ERROR_PASSWORD_RECOVERY_EXPIRED: 'Votre lien a expiré.',
  ERROR_EMAIL_RECOVERY_EXPIRED: 'Votre lien a expiré.',
  ERROR_USER_STEAM_EXIST: 'Ce compte Steam est déjà associé à un autre utilisateur.',
  ERROR_USER_REFERRER_NOTEXISTS: "Votre parrain n'existe pas.",
  // §8 username
  ERROR_USERNAME_LENGTH: "Votre nom d'utilisateur doit contenir entre 2 et 25 caractères.",
  ERROR_USERNAME_PATTERN: "Votre nom d'utilisateur ne peut contenir que des lettres et des chiffres.",
  ERROR_USERNAME_EXIST: "Ce nom d'utilisateur est déjà pris.",
  ERROR_USERNAME_LETTERS: "Votre nom d'utilisateur doit contenir au moins une lettre.",
  ERROR_USERNAME_EMAIL: "Votre nom d'utilisateur ne peut pas être une adresse e-mail.",
  ERROR_USERNAME_EMPTY: "Veuillez saisir votre nom d'utilisateur ou votre e-mail.",
  // §8 password
  ERROR_PASSWORD_USERNAME: "Votre mot de passe ne doit pas contenir votre nom d'utilisateur.",
  ERROR_PASSWORD_LENGTH: 'Votre mot de passe doit contenir entre 8 et 50 caractères.',
  ERROR_PASSWORD_LETTERS: 'Votre mot de passe doit contenir au moins une lettre.',
  ERROR_PASSWORD_NUMBERS: 'Votre mot de passe doit contenir au moins un chiffre.',
  ERROR_PASSWORD_EMPTY: 'Un mot de passe est requis.',
  ERROR_PASSWORD_COMMON:
    'Ce mot de passe est trop courant ou trop facile à deviner. Veuillez en choisir un autre, par exemple quelques mots sans rapport entre eux.',
  ERROR_CONFIRM_PASSWORD_INVALID: 'La confirmation du mot de passe ne correspond pas.',
  // §8 names
  ERROR_LASTNAME_EMPTY: 'Votre nom ne doit pas être vide.',
  ERROR_FIRSTNAME_EMPTY: 'Votre prénom ne doit pas être vide.',
  // §8 e-mail (the length message names the username, as in English: kept as specified)
  ERROR_EMAIL_EMPTY: 'Veuillez saisir votre adresse e-mail.',
  ERROR_EMAIL_INVALID: "Cette adresse e-mail n'est pas valide.",
  ERROR_EMAIL_LENGTH: "Votre nom d'utilisateur doit contenir entre 2 et 255 caractères.",
  ERROR_EMAIL_INCORRECT_FORMAT: "Le format de cette adresse e-mail n'est pas correct.",
  ERROR_EMAIL_DOMAIN_UNAUTHORIZED: "Ce domaine d'adresse e-mail n'est pas autorisé.",
  ERROR_EMAIL_DISPOSABLE_ADDRESS: 'Les adresses e-mail jetables ne sont pas acceptées.',
  ERROR_EMAIL_MAILBOX_DOES_NOT_EXIST: "Cette boîte aux lettres n'existe pas.",
  ERROR_EMAIL_HIGH_RISK: "Ce domaine d'adresse e-mail est considéré comme à risque.",
  ERROR_CONFIRM_EMAIL_INVALID: "La confirmation de l'adresse e-mail ne correspond pas.",
  ERROR_EMAIL_EXIST: 'Un compte utilise déjà cette adresse e-mail.',
  // §8 login
  ERROR_USER_BANNED: 'Votre compte a été banni.',
  ERROR_USER_UNKNOWN: 'Utilisateur inconnu.',
  ERROR_USERNAME_PASSWORD_INCORRECT: "Votre nom d'utilisateur ou votre mot de passe est incorrect.",
  ERROR_USER_NOT_EXISTS: "Votre nom d'utilisateur, votre e-mail ou votre mot de passe est incorrect.",
  ERROR_USER_CONFIRMED: 'Vous devez confirmer votre adresse e-mail.',
  ERROR_APPROVE_PRIVACY_POLICY: 'Vous devez accepter la politique de confidentialité.',
  ERROR_APPROVE_EULA: "Vous devez accepter les conditions d'utilisation.",
  // §8 IP bans
  ERROR_USER_IP_BANNED: 'Votre adresse IP a été bannie.',
  ERROR_USER_IP_BANNED_LOGIN: 'Vous ne pouvez pas vous connecter depuis cette adresse IP.',
  ERROR_USER_IP_BANNED_REGISTER: 'Vous ne pouvez pas créer de compte depuis cette adresse IP.',
  ERROR_USER_IP_BANNED_STEAM_LINK: 'Vous ne pouvez pas associer un compte Steam depuis cette adresse IP.',
  ERROR_USER_IP_BANNED_TWITCH_LINK: 'Vous ne pouvez pas associer un compte Twitch depuis cette adresse IP.',
  ERROR_USER_IP_BANNED_EPICGAMES_LINK:
    'Vous ne pouvez pas associer un compte Epic Games depuis cette adresse IP.',
  // §8 partners, providers, keys, newsletter, registration, tokens
  ERROR_PARTNER_RESPONSE_ERROR:
    "Une erreur s'est produite lors de la validation de l'authentification partenaire.",
  ERROR_OAUTH_CLIENT_UNKNOWN: "Ce site n'est pas autorisé à connecter des joueurs ici.",
  ERROR_OAUTH_REDIRECT_URI_INVALID: "Cette adresse de retour n'est pas enregistrée pour ce site.",
  ERROR_OAUTH_GRANT_INVALID: "Le code d'autorisation est invalide, expiré ou déjà utilisé.",
  ERROR_OAUTH_REQUEST_INVALID: 'La demande de jeton est invalide.',
  ERROR_PARTNER_NOT_REACHABLE: 'Le service de connexion du studio est injoignable pour le moment.',
  ERROR_PARTNER_UNKNOWN: 'Ce studio ne connecte pas de joueurs ici.',
  ERROR_PARTNER_SIGN_ON_INVALID:
    'Cette connexion a expiré ou a déjà été utilisée. Veuillez vous reconnecter.',
  ERROR_STEAM_NOT_REACHABLE: "L'API de Steam est injoignable pour le moment.",
  // linking (spec §4 Linking a provider)
  ERROR_USER_TWITCH_EXIST: 'Ce compte Twitch est déjà associé à un autre utilisateur.',
  ERROR_USER_EPICGAMES_EXIST: 'Ce compte Epic Games est déjà associé à un autre utilisateur.',
  ERROR_TWITCH_NOT_REACHABLE: 'Twitch est injoignable pour le moment.',
  ERROR_EPICGAMES_NOT_REACHABLE: 'Le service Epic Games est injoignable pour le moment.',
  ERROR_LINK_STATE_INVALID:
    "Cette demande d'association a expiré ou a été commencée ailleurs. Veuillez recommencer.",
  ERROR_LINK_CANCELLED: "L'association a été annulée.",
  ERROR_LINK_AUTHORIZATION_INVALID:
    "Le fournisseur n'a pas confirmé cette association. Veuillez recommencer.",
  ERROR_LINK_CALLBACK_INVALID: "Ce chemin de retour n'est pas autorisé.",
  ERROR_REDIRECT_NOT_ALLOWED: "Cette adresse de retour n'est pas autorisée.",
  ERROR_CONNECTION_MISMATCH: "Ce compte n'est pas celui qui est associé à votre profil.",
  ERROR_ACCESS_KEY_NON_EXISTANT: "La clé n'est pas valide.",
  ERROR_ACCESS_KEY_ALREADY_USED: 'La clé a déjà été utilisée.',
  ERROR_OPTIN: "Une erreur s'est produite, veuillez réessayer plus tard.",
  ERROR_OPTIN_NOT_EXISTS: "L'identifiant de liste n'existe pas.",
  ERROR_REGISTER_NO_SUCCESS: "L'inscription a échoué.",
  ERROR_REGISTER_INVALID: 'Création de compte non autorisée.',
  ERROR_REGISTER_TOKEN_EMPTY: 'Un jeton valide est nécessaire.',
  ERROR_SEGA_RESET_PASSWORD: 'Impossible de réinitialiser le mot de passe.',
  ERROR_TOKEN_INVALID: "Votre session n'est pas valide. Veuillez vous reconnecter.",
  ERROR_TOKEN_INVALID_REFRESH: "Votre session n'a pas pu être prolongée. Veuillez vous reconnecter.",
  ERROR_TOKEN_USER_INVALID: 'Impossible de créer un jeton pour un utilisateur non authentifié.',
  ERROR_USER_NOT_BLOCKED: 'Ce joueur ne fait pas partie de vos utilisateurs bloqués.',
  ERROR_BLOCK_SELF: 'Un joueur ne peut pas se bloquer lui-même.',
  // connected sites (issue 21 §4)
  ERROR_CONNECTED_SITE_UNKNOWN: "Ce site n'est pas connecté à votre compte.",
  // account security (issue 22 §5, §7)
  ERROR_SESSION_UNKNOWN: 'Cette session ne fait pas partie de vos sessions actives.',
  ERROR_ACTIVITY_CURSOR_INVALID: "Cette page de votre activité n'existe pas. Veuillez recommencer.",
  ERROR_SECURE_ACCOUNT_NOTEXISTS: "Votre lien n'est pas valide.",
  ERROR_SECURE_ACCOUNT_EXPIRED: 'Votre lien a expiré.',
  ERROR_COOKIE_NOTEXISTS: "Cette catégorie de cookies n'existe pas.",
  ERROR_COOKIE_NOT_OPTIONAL:
    'Ces cookies sont nécessaires au fonctionnement du site et ne peuvent pas être refusés.',
  // §5 messages
  ERROR_CAPTCHA_VERIFY_FAILED: "Une erreur s'est produite. Veuillez réessayer plus tard.",
  ERROR_CAPTCHA_LOGIN_INVALID: "Vous n'êtes pas autorisé à vous connecter.",
  ERROR_CAPTCHA_REGISTER_INVALID: "Vous n'êtes pas autorisé à créer un compte.",
  ERROR_TOO_FAST: 'Désolé, vous êtes trop rapide pour nous ! Réessayez dans quelques secondes.',
  ERROR_VERIFICATION_CODE_EMPTY: 'Cette requête doit contenir un code de vérification.',
  ERROR_OPENID_UNAUTHORIZED: "Cette requête n'est pas autorisée par OpenId.",
  ERROR_STATE_EMPTY: 'Cette requête doit contenir un paramètre state.',
  ERROR_DATE_OF_BIRTH_INVALID: 'Date non valide',
  ERROR_DATE_OF_BIRTH_AGE: 'Vous devez avoir au moins 13 ans',
  ERROR_PASSWORD_STUDIO_RULES:
    'Le mot de passe doit contenir entre 8 et 16 caractères, dont au moins une majuscule et une minuscule',
  ERROR_APPROVE_CODE_OF_CONDUCT: 'Vous devez accepter le code de conduite.',
  ERROR_SURVEY_ANSWER_REQUIRED: 'Vous devez répondre à cette question.',
  ERROR_SURVEY_STEAM_REQUIRED: 'Connectez votre compte Steam pour répondre au questionnaire.',
  ERROR_SURVEY_PLAYER_MISMATCH: 'Ces réponses n’appartiennent pas à ce compte.',
  ERROR_OLD_PASSWORD_INCORRECT: 'Votre mot de passe actuel est incorrect.',
  ERROR_EMAIL_SAME: 'Cette adresse e-mail est déjà la vôtre.',
  ERROR_PASSWORD_INCORRECT: 'Votre mot de passe est incorrect.',
  ERROR_DELETION_TYPE_NOTEXISTS: "Cette raison n'existe pas.",
  ERROR_DELETION_REASON_EMPTY: 'Merci de nous indiquer votre raison.',
  ERROR_DELETION_REASON_LENGTH: 'Votre raison doit contenir au plus 1000 caractères.',
  ERROR_UNSUBSCRIBE_INVALID: "Ce lien de désinscription n'est pas valide.",
  // transport codes of the API (DESIGN.md §4)
  ERROR_FIELD_INVALID: "Cette valeur n'est pas valide.",
  ERROR_REQUEST_INVALID: "La requête n'est pas valide.",
  ERROR_API_KEY_INVALID: "Cette application n'est pas autorisée à appeler l'API des comptes.",
  ERROR_UNAUTHORIZED: 'Vous devez être connecté.',
  ERROR_FORBIDDEN: "Vous n'êtes pas autorisé à accéder à cette ressource.",
  ERROR_NOT_FOUND: "Cette ressource n'existe pas.",
  ERROR_RATE_LIMITED: 'Trop de tentatives. Veuillez patienter un instant et réessayer.',
  ERROR_FORM_EXPIRED: 'Ce formulaire a expiré. Veuillez le renvoyer dans quelques secondes.',
  ERROR_REAUTHENTICATION_REQUIRED: 'Veuillez confirmer votre mot de passe pour faire ce changement.',
  ERROR_SECOND_FACTOR_INVALID: "Ce code n'est pas valide. Veuillez réessayer.",
  ERROR_SECOND_FACTOR_TICKET_INVALID: 'Votre connexion a expiré. Veuillez vous reconnecter.',
  ERROR_SECOND_FACTOR_EXISTS: "Une application d'authentification est déjà configurée sur votre compte.",
  ERROR_SECOND_FACTOR_NONE: "Aucune application d'authentification n'est configurée sur votre compte.",
  ERROR_PASSKEY_INVALID: "Cette clé d'accès n'a pas pu être vérifiée. Veuillez réessayer.",
  ERROR_PASSKEY_NAME_EMPTY: "Veuillez donner un nom à votre clé d'accès.",
  ERROR_PASSKEY_LIMIT:
    "Vous avez atteint le nombre maximal de clés d'accès. Supprimez-en une pour en ajouter une autre.",
  ERROR_CAPTCHA_REQUIRED:
    "Trop de tentatives sur ce compte. Veuillez confirmer que vous n'êtes pas un robot.",
  ERROR_SERVICE_UNAVAILABLE: 'Le service est indisponible pour le moment. Veuillez réessayer plus tard.',
  ERROR_INTERNAL: "Une erreur inattendue s'est produite.",
};
