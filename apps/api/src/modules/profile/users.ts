/**
 * Player look-ups shared by the modules (spec §3 User). Usernames and e-mails are unique
 * case-insensitively through their `_normalized` columns.
 */
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.ts';

/** The key used for uniqueness and look-up of a username. */
export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}

/** The key used for uniqueness and look-up of an e-mail address. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
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

/** The player with public id `idUser`, or undefined. */
export function findUserByIdUser(db: Kysely<Database>, idUser: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id_user', '=', idUser).executeTakeFirst();
}
