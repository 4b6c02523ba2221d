/**
 * The look-up keys of the player record (spec §3 User; §5 "username unique", "email unique"): usernames
 * and e-mail addresses are unique case-insensitively through the `users.username_normalized` and
 * `users.email_normalized` columns, which hold these keys.
 */

/** The key used for uniqueness and look-up of a username: trimmed, lower case. */
export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}

/** The key used for uniqueness and look-up of an e-mail address: trimmed, lower case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
