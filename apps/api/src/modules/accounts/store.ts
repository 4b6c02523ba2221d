/**
 * The player record's store (issue 20 §1–2; spec §3 User): every query of the `users` table. Each
 * function takes `db` (the store or a caller's transaction) and returns plain rows or values. Usernames
 * and e-mails are looked up and kept unique through their `_normalized` columns (normalize.ts), which
 * these functions compute from the given text, so no caller writes a key of its own. Timestamps are ISO
 * 8601 UTC strings (lib/time.ts).
 */
import type { Kysely } from 'kysely';
import type { Locale } from '@guildgate/contracts';
import type { Database, NewUser, UserRow } from '../../db/schema.ts';
import { isoNow } from '../../lib/time.ts';
import { normalizeEmail, normalizeUsername } from './normalize.ts';

/** The player with internal id `userId` (`users.id`), or undefined. */
export function findUserById(db: Kysely<Database>, userId: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
}

/**
 * The player with internal id `userId`, who is known to exist (the caller's bearer or a link of theirs
 * names them).
 * @throws Kysely's NoResultError when there is no such player
 */
export function getUserById(db: Kysely<Database>, userId: number): Promise<UserRow> {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
}

/** The player with public id `idUser` (`users.id_user`, the spec's Id_User), or undefined. */
export function findUserByIdUser(db: Kysely<Database>, idUser: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id_user', '=', idUser).executeTakeFirst();
}

/** The players whose internal ids are among `userIds` (unknown ids are left out; any order). */
export function findUsersById(db: Kysely<Database>, userIds: readonly number[]): Promise<UserRow[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('users').selectAll().where('id', 'in', userIds).execute();
}

/** The players whose public ids are among `idUsers` (unknown ids are left out; any order). */
export function findUsersByIdUser(db: Kysely<Database>, idUsers: readonly string[]): Promise<UserRow[]> {
  if (idUsers.length === 0) return Promise.resolve([]);
  return db.selectFrom('users').selectAll().where('id_user', 'in', idUsers).execute();
}

/** The player whose username or e-mail is `login` (case-insensitive), or undefined. */
export function findUserByLogin(db: Kysely<Database>, login: string): Promise<UserRow | undefined> {
  const key = login.trim().toLowerCase();
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb('username_normalized', '=', key), eb('email_normalized', '=', key)]))
    .executeTakeFirst();
}

/** The player whose e-mail is `email` (case-insensitive, trimmed), or undefined. */
export function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('email_normalized', '=', normalizeEmail(email))
    .executeTakeFirst();
}

/** The player whose username is `username` (case-insensitive, trimmed), or undefined. */
export function findUserByUsername(db: Kysely<Database>, username: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('username_normalized', '=', normalizeUsername(username))
    .executeTakeFirst();
}

/**
 * The player who signs in through partner `authPartner` (`users.auth_partner`, e.g. the partner's
 * name) as its subject `ssoId` (`users.sso_id`), or undefined (spec §4 Partner sign-on).
 */
export function findUserByPartnerIdentity(
  db: Kysely<Database>,
  authPartner: string,
  ssoId: string,
): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('auth_partner', '=', authPartner)
    .where('sso_id', '=', ssoId)
    .executeTakeFirst();
}

/** Is `username` (case-insensitive) some player's, other than `exceptUserId` when given? */
export async function usernameTaken(
  db: Kysely<Database>,
  username: string,
  exceptUserId?: number,
): Promise<boolean> {
  let query = db
    .selectFrom('users')
    .select('id')
    .where('username_normalized', '=', normalizeUsername(username));
  if (exceptUserId !== undefined) query = query.where('id', '!=', exceptUserId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Is `email` (case-insensitive) some player's, other than `exceptUserId` when given? */
export async function emailTaken(
  db: Kysely<Database>,
  email: string,
  exceptUserId?: number,
): Promise<boolean> {
  let query = db.selectFrom('users').select('id').where('email_normalized', '=', normalizeEmail(email));
  if (exceptUserId !== undefined) query = query.where('id', '!=', exceptUserId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** A new player's columns: all of `users` but the id and the look-up keys, which the store computes. */
export type NewPlayer = Omit<NewUser, 'id' | 'username_normalized' | 'email_normalized'>;

/**
 * Inserts a player (registration, partner registration), with the look-up keys of its username and
 * e-mail.
 * @returns the written row
 * @throws the store's unique violation (db/database.ts `isUniqueViolation`) when the username, e-mail
 *   or public id is taken
 */
export function insertUser(db: Kysely<Database>, player: NewPlayer): Promise<UserRow> {
  return db
    .insertInto('users')
    .values({
      ...player,
      username_normalized: normalizeUsername(player.username),
      email_normalized: normalizeEmail(player.email),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Forgets the known devices of player `userId` (issue 22 §6 "This wasn't me"): records `at` (ISO 8601
 * UTC) as `users.devices_forgotten_at`; device cookies signed before it are no longer known devices
 * (session/device-cookies.ts).
 */
export async function forgetKnownDevices(db: Kysely<Database>, userId: number, at: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ devices_forgotten_at: at, updated_at: at })
    .where('id', '=', userId)
    .execute();
}

/** Sets player `userId`'s password hash (argon2id PHC string, lib/password.ts). */
export async function setPasswordHash(
  db: Kysely<Database>,
  userId: number,
  passwordHash: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: isoNow() })
    .where('id', '=', userId)
    .execute();
}

/** Marks player `userId`'s address confirmed now, unless it is confirmed already (then nothing changes). */
export async function confirmEmailAddress(db: Kysely<Database>, userId: number): Promise<void> {
  const now = isoNow();
  await db
    .updateTable('users')
    .set({ email_confirmed_at: now, updated_at: now })
    .where('id', '=', userId)
    .where('email_confirmed_at', 'is', null)
    .execute();
}

/**
 * Moves player `userId` to the address `email` (with its look-up key), confirmed now (the player proved
 * the mailbox through a link).
 * @throws the store's unique violation when another player has the address
 */
export async function setConfirmedEmail(db: Kysely<Database>, userId: number, email: string): Promise<void> {
  const now = isoNow();
  await db
    .updateTable('users')
    .set({ email, email_normalized: normalizeEmail(email), email_confirmed_at: now, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

/**
 * Gives player `userId` the username `username` (with its look-up key).
 * @throws the store's unique violation when another player has it
 */
export async function setUsername(db: Kysely<Database>, userId: number, username: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ username, username_normalized: normalizeUsername(username), updated_at: isoNow() })
    .where('id', '=', userId)
    .execute();
}

/** Saves `locale` as player `userId`'s language; writes only when it changes (issue 19 §7). */
export async function setLocale(db: Kysely<Database>, userId: number, locale: Locale): Promise<void> {
  await db
    .updateTable('users')
    .set({ locale, updated_at: isoNow() })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('locale', 'is', null), eb('locale', '!=', locale)]))
    .execute();
}

/** Bans (`banned_at` now) or unbans (null) player `userId` (docs/operations.md, the bans CLI). */
export async function setBanned(db: Kysely<Database>, userId: number, banned: boolean): Promise<void> {
  const now = isoNow();
  await db
    .updateTable('users')
    .set({ banned_at: banned ? now : null, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

/**
 * Sets player `userId`'s cookie-popup flag (`is_cookie_popup_seen`, spec §3 User.IsCookiePopupSeen).
 * @returns true when the flag changed (it was not set before)
 */
export async function markCookiePopupSeen(db: Kysely<Database>, userId: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ is_cookie_popup_seen: 1 })
    .where('id', '=', userId)
    .where('is_cookie_popup_seen', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Sets player `userId`'s `steam_check` (spec §3 User.SteamCheck: a Steam account is linked). */
export async function setSteamCheck(db: Kysely<Database>, userId: number, linked: boolean): Promise<void> {
  await db
    .updateTable('users')
    .set({ steam_check: linked ? 1 : 0 })
    .where('id', '=', userId)
    .execute();
}

/** Sets player `userId`'s general newsletter consent (`newsletter_optin`, spec §3 G2GSegaOptin). */
export async function setNewsletterConsent(
  db: Kysely<Database>,
  userId: number,
  optedIn: boolean,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ newsletter_optin: optedIn ? 1 : 0, updated_at: isoNow() })
    .where('id', '=', userId)
    .execute();
}

/** Cuts the referrer link of every player that player `userId` referred (`referrer_user_id` to null). */
export async function clearReferrer(db: Kysely<Database>, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ referrer_user_id: null })
    .where('referrer_user_id', '=', userId)
    .execute();
}

/** Deletes player `userId`'s row (account deletion, after every other module's eraser). */
export async function deleteUser(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('users').where('id', '=', userId).execute();
}
