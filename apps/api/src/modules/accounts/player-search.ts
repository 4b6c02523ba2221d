/**
 * The look-ups of the operator console's player search (issue 24 §2, GET admin/players), each served
 * by an index so that it stays a few page reads with a million players (docs/operations.md "Staff and
 * the operator console" quotes the plans):
 * - a username prefix, case-insensitive: a range on `users.username_normalized` (the lower-cased
 *   username, normalize.ts) from the lower-cased prefix up to it followed by U+10FFFF — the highest code
 *   point, so every username starting with the prefix is inside — compared byte-wise: SQLite's default
 *   BINARY collation (the column's unique index), PostgreSQL's `"C"` collation (migration 0026's
 *   `users_username_prefix`; the unique index follows the database's collation, in which a range is no
 *   prefix). No LIKE, so the text's `%` and `_` are plain characters;
 * - a partner studio's single-sign-on subject, whatever the partner: `users.sso_id` (migration 0026's
 *   `users_sso_id`; the unique index of 0008 leads with the partner).
 * The exact look-ups by Id_User and by e-mail are store.ts's `findUserByIdUser` and `findUserByEmail`.
 */
import { sql, type Kysely } from 'kysely';
import type { StoreDialect } from '../../db/database.ts';
import type { Database, UserRow } from '../../db/schema.ts';
import { normalizeUsername } from './normalize.ts';

/** The highest code point: a prefix followed by it is above every string starting with the prefix. */
const ABOVE_PREFIX = '\u{10FFFF}';

/**
 * The players whose username starts with `prefix` (case-insensitive), by their lower-cased username
 * (byte order), strictly after the lower-cased username `after` when given, leaving out the players
 * `excludeIds` (internal users.id); at most `limit`.
 * @param query.prefix the text searched (trimmed and lower-cased here as usernames are, normalize.ts)
 * @param query.after a row's `username_normalized`: the page starts after it
 */
export function findUsersByUsernamePrefix(
  db: Kysely<Database>,
  dialect: StoreDialect,
  query: { prefix: string; after?: string | undefined; excludeIds: readonly number[]; limit: number },
): Promise<UserRow[]> {
  const low = normalizeUsername(query.prefix);
  const key =
    dialect === 'postgres' ? sql<string>`username_normalized collate "C"` : sql<string>`username_normalized`;
  let rows = db
    .selectFrom('users')
    .selectAll()
    .where(key, '>=', low)
    .where(key, '<', `${low}${ABOVE_PREFIX}`);
  if (query.after !== undefined) rows = rows.where(key, '>', query.after);
  if (query.excludeIds.length > 0) rows = rows.where('id', 'not in', query.excludeIds);
  return rows.orderBy(key).limit(query.limit).execute();
}

/**
 * The players whose id at a partner studio's sign-on (`users.sso_id`, spec §3 SSO id) is `ssoId`, at
 * any partner (each partner's subjects are unique, so at most one per partner), by internal id.
 */
export function findUsersBySsoId(db: Kysely<Database>, ssoId: string): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().where('sso_id', '=', ssoId).orderBy('id').execute();
}
