/**
 * The operator console's error codes (issue 24; docs/security.md "Staff and the admin API"): the staff
 * guard's 403s and the console's own rules, in the spec §8 error shape like every code. A catalogue of
 * their own, apart from errors.ts's {@link ERROR_MESSAGES_EN}: the player pages' bundle carries that one
 * (its texts are on every first visit), and the console's texts load with the console (the SPA adds
 * them to its `errors` namespace then). errors.ts's `ErrorCode`, `ERROR_CODES` and `isErrorCode` cover
 * both catalogues.
 */

/** English text of every console code. */
export const CONSOLE_ERROR_MESSAGES_EN = {
  ERROR_CLIENT_ID_INVALID: 'The client id must be 1 to 128 letters, digits or . _ ~ - characters.',
  ERROR_CLIENT_ID_TAKEN: 'This client id is already registered.',
  ERROR_CLIENT_NAME_INVALID: 'The name must be 1 to 100 characters, without control characters.',
  ERROR_CLIENT_URI_INVALID:
    'This address must be an absolute https address, without user information, of at most 2000 characters.',
  ERROR_CLIENT_URI_NOT_HTTPS: 'This address must use https (http only for localhost or 127.0.0.1).',
  ERROR_CLIENT_URI_FRAGMENT: 'This address must not have a fragment (#…).',
  ERROR_CLIENT_URI_WILDCARD: 'Addresses are compared exactly: a wildcard (*) is not allowed.',
  ERROR_CLIENT_URIS_COUNT: 'Give between 1 and 20 return addresses (at most 20 log-out addresses).',
  ERROR_CLIENT_NOTHING_TO_CHANGE: 'Nothing to change.',
  ERROR_CLIENT_PUBLIC: 'This client is public: it has no secret.',
  ERROR_CLIENT_PORTAL: "The portal's own client cannot be changed or removed here.",
  ERROR_REDIRECT_PATTERN_INVALID:
    'A pattern is scheme://host[:port][/path], the host optionally starting with *.',
  ERROR_REDIRECT_PATTERN_SCHEME: 'A pattern must use https (http only for localhost or 127.0.0.1).',
  ERROR_REDIRECT_PATTERN_TOO_BROAD: 'This pattern would allow any site or a whole top-level domain.',
  ERROR_REDIRECT_PATTERN_EXISTS: 'This pattern is already on the list.',
  ERROR_REDIRECT_PATTERN_CONFIGURED: "This pattern comes from the server's configuration: remove it there.",
  ERROR_STAFF_ROLE_REQUIRED: 'This is for staff only.',
  ERROR_STAFF_ROLE_INSUFFICIENT: 'Your staff role does not allow this.',
  ERROR_STAFF_SECOND_FACTOR_REQUIRED:
    'Staff must set up a second factor (an authenticator app or a passkey) to use the console.',
  ERROR_STAFF_OWN_ADMIN_ROLE: 'You cannot remove your own admin role. Another admin must do it.',
  ERROR_CURSOR_INVALID: 'This page does not exist. Please start again.',
  ERROR_STAFF_REASON_REQUIRED: 'Please give a reason: it is kept in the audit trail.',
  ERROR_STAFF_OWN_ACCOUNT: 'You cannot do this to your own account. Another staff member must do it.',
  ERROR_STAFF_EMAIL_CONFIRMED: "This player's email address is already confirmed.",
  ERROR_STAFF_NO_SECOND_FACTOR: 'This player has no second factor to reset.',
  ERROR_STAFF_PLAYER_BANNED: 'This player is already banned.',
  ERROR_STAFF_PLAYER_NOT_BANNED: 'This player is not banned.',
  ERROR_IP_BAN_RANGE_INVALID: 'Enter an IP address or a CIDR range (IPv4 or IPv6).',
  ERROR_IP_BAN_RANGE_EVERYONE: 'This range would ban every address.',
  ERROR_IP_BAN_OWN_ADDRESS: 'This range contains your own address: you would lock yourself out.',
  ERROR_NEWSLETTER_LIST_NAME_TAKEN: 'Another newsletter list already has this name.',
  ERROR_COOKIE_CATEGORY_NAME_TAKEN: 'Another cookie category already has this name.',
  ERROR_COOKIE_CATEGORY_NECESSARY: 'A necessary cookie category cannot be removed or made optional.',
  ERROR_COOKIE_CATEGORY_CONSENT_COOKIE:
    'This category drives a consent cookie: it cannot be renamed, removed or made necessary.',
} as const;

/** A code of {@link CONSOLE_ERROR_MESSAGES_EN}. */
export type ConsoleErrorCode = keyof typeof CONSOLE_ERROR_MESSAGES_EN;
