/**
 * The accounts module's public surface (issue 20 §2; DESIGN.md §2): the player record (`users`) —
 * look-ups and writes (store.ts), the look-up keys (normalize.ts), the saved language (locale.ts) —, the account-field rules (rules.ts,
 * bound to the environment; common-password.ts, the common-password check of a new password), the e-mail checks (disposable.ts, email-check.ts, service.ts
 * `newEmailError`) and the accounts eraser of account deletion. Other modules import only this file.
 */
export { normalizeEmail, normalizeUsername } from './normalize.ts';
export {
  dateOfBirthError,
  emailError,
  hasStudioRules,
  newPasswordError,
  passwordError,
  registerFormErrors,
  studioPasswordError,
  usernameError,
  type RegisterRuleContext,
} from './rules.ts';
export { commonPasswordError, newPasswordErrors } from './common-password.ts';
export { isDisposableEmail } from './disposable.ts';
export { playerAnswerLocale, savedLocaleOf } from './locale.ts';
export { EMAIL_CHECK_TIMEOUT_MS, emailReputationError } from './email-check.ts';
export { DEFAULT_AVATAR_PATH, newEmailError, playerDataEraser } from './service.ts';
export {
  clearReferrer,
  confirmEmailAddress,
  deleteUser,
  emailTaken,
  findUserByEmail,
  findUserById,
  findUserByIdUser,
  findUserByLogin,
  findUserByPartnerIdentity,
  findUserByUsername,
  forgetKnownDevices,
  findUsersByIdUser,
  findUsersById,
  getUserById,
  insertUser,
  markCookiePopupSeen,
  setBanned,
  setConfirmedEmail,
  setLocale,
  setNewsletterConsent,
  setPasswordHash,
  setSteamCheck,
  setUsername,
  usernameTaken,
  type NewPlayer,
} from './store.ts';
export { playerDataExporter } from './exporter.ts';
export { findUsersBySsoId, findUsersByUsernamePrefix } from './player-search.ts';
