/**
 * Error body and the error-code catalogue (spec §8, plus the §5 messages and the API's own
 * transport codes). Every rejected call answers `{ ErrorMessages: [{ Property, ErrorMessage }] }`
 * where `ErrorMessage` is one of `ERROR_CODES` (error-codes.ts); the SPA turns the code into text through
 * i18next using {@link ERROR_MESSAGES_EN} (unknown codes are shown as they are). The operator
 * console's codes are a catalogue of their own (console-errors.ts) and error-codes.ts lists and checks
 * the codes of both: this module must not import the console's catalogue, or the player pages'
 * bundle, which holds this module, would hold the console's texts too. The operator
 * console's codes are a catalogue of their own (console-errors.ts), so the player pages' bundle, which
 * carries this one, does not carry the console's texts.
 */
import { z } from 'zod';
import type { ConsoleErrorCode } from './console-errors.ts';

/** English text of every error code (spec §8 "Codes and messages", §5 messages). */
export const ERROR_MESSAGES_EN = {
  // §8 general
  ERROR_NOT_ALLOWED: 'You are not allowed to do this action.',
  ERROR_EMAIL_UNKNOWN: 'This email address is unknown.',
  ERROR_PASSWORD_RECOVERY_NOTEXISTS: 'Your link is invalid.',
  ERROR_EMAIL_RECOVERY_NOTEXISTS: 'Your link is invalid.',
  ERROR_PASSWORD_RECOVERY_EXPIRED: 'Your link has expired.',
  ERROR_EMAIL_RECOVERY_EXPIRED: 'Your link has expired.',
  ERROR_USER_STEAM_EXIST: 'The PC game store account is already linked to another user.',
  ERROR_USER_REFERRER_NOTEXISTS: "Your referrer doesn't exist.",
  // §8 username
  ERROR_USERNAME_LENGTH: 'Your username must be between 2 and 25 characters.',
  ERROR_USERNAME_PATTERN: 'Your username may contain letters and numbers only.',
  ERROR_USERNAME_EXIST: 'This username is already taken.',
  ERROR_USERNAME_LETTERS: 'Your username must contain at least one letter.',
  ERROR_USERNAME_EMAIL: 'Your username cannot be an email address.',
  ERROR_USERNAME_EMPTY: 'Please enter your Username or Email.',
  // §8 password
  ERROR_PASSWORD_USERNAME: 'Your password must not contain your username.',
  ERROR_PASSWORD_LENGTH: 'Your password must be between 8 and 50 characters.',
  ERROR_PASSWORD_LETTERS: 'Your password must contain at least one letter.',
  ERROR_PASSWORD_NUMBERS: 'Your password must contain at least one number.',
  ERROR_PASSWORD_EMPTY: 'A password is required.',
  // issue 22 §9 (flag breachedPasswordCheck; password-strength.ts): a common or breached password
  ERROR_PASSWORD_COMMON:
    'This password is too common or too easy to guess. Please choose another one, for example a few unrelated words.',
  ERROR_CONFIRM_PASSWORD_INVALID: 'The password confirmation does not match.',
  // §8 names
  ERROR_LASTNAME_EMPTY: 'Your last name must not be empty.',
  ERROR_FIRSTNAME_EMPTY: 'Your first name must not be empty.',
  // §8 e-mail ("the message for email length wrongly names the username", kept as specified)
  ERROR_EMAIL_EMPTY: 'Please enter your email address.',
  ERROR_EMAIL_INVALID: 'This email address is not valid.',
  ERROR_EMAIL_LENGTH: 'Your username must be between 2 and 255 characters.',
  ERROR_EMAIL_INCORRECT_FORMAT: 'The format of this email address is incorrect.',
  ERROR_EMAIL_DOMAIN_UNAUTHORIZED: 'This email domain is not authorised.',
  ERROR_EMAIL_DISPOSABLE_ADDRESS: 'Disposable email addresses are not allowed.',
  ERROR_EMAIL_MAILBOX_DOES_NOT_EXIST: 'This mailbox does not exist.',
  ERROR_EMAIL_HIGH_RISK: 'This email domain is considered high risk.',
  ERROR_CONFIRM_EMAIL_INVALID: 'The email confirmation does not match.',
  ERROR_EMAIL_EXIST: 'An account with this email already exists.',
  // §8 login
  ERROR_USER_BANNED: 'Your account has been banned.',
  ERROR_USER_UNKNOWN: 'Unknown user.',
  ERROR_USERNAME_PASSWORD_INCORRECT: 'Your username or password is incorrect.',
  ERROR_USER_NOT_EXISTS: 'Your username, email or password is incorrect.',
  ERROR_USER_CONFIRMED: 'Your must confirm your address email.',
  ERROR_APPROVE_PRIVACY_POLICY: 'You must accept the privacy policy.',
  ERROR_APPROVE_EULA: 'You must accept the terms of use.',
  // §8 IP bans (generic, login, register, link variants)
  ERROR_USER_IP_BANNED: 'Your IP address has been banned.',
  ERROR_USER_IP_BANNED_LOGIN: 'You cannot log in from this IP address.',
  ERROR_USER_IP_BANNED_REGISTER: 'You cannot create an account from this IP address.',
  ERROR_USER_IP_BANNED_STEAM_LINK: 'You cannot link a Steam account from this IP address.',
  ERROR_USER_IP_BANNED_TWITCH_LINK: 'You cannot link a Twitch account from this IP address.',
  ERROR_USER_IP_BANNED_EPICGAMES_LINK: 'You cannot link an Epic Games account from this IP address.',
  // §8 partners, providers, keys, newsletter, registration, tokens
  ERROR_PARTNER_RESPONSE_ERROR: 'An error occured validating partner authentication.',
  // the hub's authorization codes (spec §1 Single sign-on, §7 GET oauth; RFC 6749 §4.1)
  ERROR_OAUTH_CLIENT_UNKNOWN: 'This site is not allowed to sign players in here.',
  ERROR_OAUTH_REDIRECT_URI_INVALID: 'This return address is not registered for the site.',
  ERROR_OAUTH_GRANT_INVALID: 'The authorization code is invalid, expired or already used.',
  ERROR_OAUTH_REQUEST_INVALID: 'The token request is invalid.',
  // partner sign-on (spec §1, §4 partner registration flow; the kin of PARTNER_RESPONSE_ERROR)
  ERROR_PARTNER_NOT_REACHABLE: "The studio's sign-in service is not reachable right now.",
  ERROR_PARTNER_UNKNOWN: 'This studio does not sign players in here.',
  ERROR_PARTNER_SIGN_ON_INVALID: 'This sign-in has expired or was already used. Please sign in again.',
  ERROR_STEAM_NOT_REACHABLE: 'The PC game store API is not reachable right now.',
  // linking (spec §4 Linking a provider; the kin of USER_STEAM_EXIST and STEAM_NOT_REACHABLE). Our own
  // messages name each provider as Connections does (Steam, Twitch, Epic Games); the two spec §8 messages
  // above keep the spec's exact words.
  ERROR_USER_TWITCH_EXIST: 'The Twitch account is already linked to another user.',
  ERROR_USER_EPICGAMES_EXIST: 'The Epic Games account is already linked to another user.',
  ERROR_TWITCH_NOT_REACHABLE: 'Twitch is not reachable right now.',
  ERROR_EPICGAMES_NOT_REACHABLE: 'The Epic Games service is not reachable right now.',
  ERROR_LINK_STATE_INVALID: 'This link request has expired or was started elsewhere. Please start again.',
  ERROR_LINK_CANCELLED: 'The link was cancelled.',
  ERROR_LINK_AUTHORIZATION_INVALID: 'The provider did not confirm this link. Please start again.',
  ERROR_LINK_CALLBACK_INVALID: 'This callback path is not allowed.',
  ERROR_REDIRECT_NOT_ALLOWED: 'This return address is not allowed.',
  ERROR_CONNECTION_MISMATCH: 'This account is not the one linked to your profile.',
  ERROR_ACCESS_KEY_NON_EXISTANT: 'The key is invalid.',
  ERROR_ACCESS_KEY_ALREADY_USED: 'The key is already used.',
  ERROR_OPTIN: 'An error occurred, please try again later.',
  ERROR_OPTIN_NOT_EXISTS: 'The list id does not exist.',
  ERROR_REGISTER_NO_SUCCESS: 'Registration failed.',
  ERROR_REGISTER_INVALID: 'Not allowed to create an account.',
  ERROR_REGISTER_TOKEN_EMPTY: 'A valid token is needed.',
  ERROR_SEGA_RESET_PASSWORD: 'Could not reset password.',
  ERROR_TOKEN_INVALID: 'Your session is invalid. Please log in again.',
  ERROR_TOKEN_INVALID_REFRESH: 'Your session could not be refreshed. Please log in again.',
  ERROR_TOKEN_USER_INVALID: "Can't create token for unauthenticated user.",
  // blocked users (spec §2 Blocked users, §7 POST unblock; partner block calls, docs/partner-api.md)
  ERROR_USER_NOT_BLOCKED: 'This player is not in your blocked users.',
  ERROR_BLOCK_SELF: 'A player cannot block themselves.',
  // connected sites (issue 21 §4: POST account/connected-sites/{clientId}/remove)
  ERROR_CONNECTED_SITE_UNKNOWN: 'This site is not connected to your account.',
  // account security (issue 22 §5 sessions, §7 recent activity)
  ERROR_SESSION_UNKNOWN: 'This session is not one of your active sessions.',
  ERROR_ACTIVITY_CURSOR_INVALID: 'This page of your activity does not exist. Please start again.',
  // "this wasn't me" link of the security alert e-mails (issue 22 §6: POST account/secure)
  ERROR_SECURE_ACCOUNT_NOTEXISTS: 'Your link is invalid.',
  ERROR_SECURE_ACCOUNT_EXPIRED: 'Your link has expired.',
  // cookie consent (spec §4 Cookie consent, §7 POST cookie/user/{id}/set-cookie)
  ERROR_COOKIE_NOTEXISTS: 'This cookie category does not exist.',
  ERROR_COOKIE_NOT_OPTIONAL: 'These cookies are necessary for the site to work and cannot be refused.',
  // §5 messages
  ERROR_CAPTCHA_VERIFY_FAILED: 'An error occured. Please try again later.',
  ERROR_CAPTCHA_LOGIN_INVALID: 'You are not allowed to log in.',
  ERROR_CAPTCHA_REGISTER_INVALID: "You're not allowed to create an account.",
  ERROR_TOO_FAST: 'Sorry, you are too fast for us! Please retry in a few seconds.',
  // the register form's token is past its lifetime (docs/security.md "Too fast")
  ERROR_FORM_EXPIRED: 'This form has expired. Please send it again in a few seconds.',
  ERROR_VERIFICATION_CODE_EMPTY: 'This request should have a verification code.',
  ERROR_OPENID_UNAUTHORIZED: 'This request is not authorized by OpenId.',
  ERROR_STATE_EMPTY: 'This request should contain a state parameter.',
  ERROR_DATE_OF_BIRTH_INVALID: 'Invalid date value',
  ERROR_DATE_OF_BIRTH_AGE: 'You must be at least 13 years old',
  ERROR_PASSWORD_STUDIO_RULES:
    'Password must be between 8 and 16 characters with at least an upper case and a lower case character',
  ERROR_APPROVE_CODE_OF_CONDUCT: 'You must accept the Code of Conduct.',
  ERROR_SURVEY_ANSWER_REQUIRED: 'You must answer this question.',
  // survey (spec §5 "Survey data is sent only if a PC game store connection exists")
  ERROR_SURVEY_STEAM_REQUIRED: 'Connect your Steam account to answer the survey.',
  ERROR_SURVEY_PLAYER_MISMATCH: 'These answers do not belong to this account.',
  // account area (spec §2 Password reset in the account: the Old password field)
  ERROR_OLD_PASSWORD_INCORRECT: 'Your current password is incorrect.',
  ERROR_EMAIL_SAME: 'This is already your email address.',
  ERROR_PASSWORD_INCORRECT: 'Your password is incorrect.',
  ERROR_DELETION_TYPE_NOTEXISTS: 'This reason does not exist.',
  ERROR_DELETION_REASON_EMPTY: 'Please tell us your reason.',
  ERROR_DELETION_REASON_LENGTH: 'Your reason must be at most 1000 characters.',
  ERROR_UNSUBSCRIBE_INVALID: 'This unsubscribe link is not valid.',
  // transport codes of the API (DESIGN.md §4)
  ERROR_FIELD_INVALID: 'This value is not valid.',
  ERROR_REQUEST_INVALID: 'The request is not valid.',
  ERROR_API_KEY_INVALID: 'This application is not allowed to call the account API.',
  ERROR_UNAUTHORIZED: 'You must be logged in.',
  ERROR_FORBIDDEN: 'You are not allowed to access this resource.',
  ERROR_NOT_FOUND: 'This resource does not exist.',
  ERROR_RATE_LIMITED: 'Too many attempts. Please wait a moment and try again.',
  // re-authentication (docs/security.md): a sensitive change needs a recent proof of the password
  ERROR_REAUTHENTICATION_REQUIRED: 'Please confirm your password to make this change.',
  // second factors (issue 22 §1, §2, §4; docs/security.md "Second factor")
  ERROR_SECOND_FACTOR_INVALID: 'This code is not valid. Please try again.',
  ERROR_SECOND_FACTOR_TICKET_INVALID: 'Your sign-in has expired. Please sign in again.',
  ERROR_SECOND_FACTOR_EXISTS: 'An authenticator app is already set up on your account.',
  ERROR_SECOND_FACTOR_NONE: 'No authenticator app is set up on your account.',
  // passkeys (issue 22 §3)
  ERROR_PASSKEY_INVALID: 'This passkey could not be verified. Please try again.',
  ERROR_PASSKEY_NAME_EMPTY: 'Please give your passkey a name.',
  ERROR_PASSKEY_LIMIT: 'You have reached the maximum number of passkeys. Remove one to add another.',
  // log-in throttle step-up (docs/security.md "Throttling"): a new device after many failures on the account
  ERROR_CAPTCHA_REQUIRED: 'Too many attempts on this account. Please confirm you are not a robot.',
  ERROR_SERVICE_UNAVAILABLE: 'The service is unavailable right now. Please try again later.',
  ERROR_INTERNAL: 'An unexpected error occurred.',
} as const;

/** A code of the player pages' catalogue ({@link ERROR_MESSAGES_EN}). */
export type PlayerErrorCode = keyof typeof ERROR_MESSAGES_EN;

/** Every error code the API may answer with: the player pages' and the operator console's. */
export type ErrorCode = PlayerErrorCode | ConsoleErrorCode;

/** spec §3 Error item: `Property` names the field ('' for a general error). */
export const ErrorItemSchema = z.object({
  Property: z.string(),
  ErrorMessage: z.string(),
});
export type ErrorItem = z.infer<typeof ErrorItemSchema>;

/** spec §8 Shape: the body of every 4xx/5xx answer of the account API. */
export const ErrorBodySchema = z.object({
  ErrorMessages: z.array(ErrorItemSchema),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
