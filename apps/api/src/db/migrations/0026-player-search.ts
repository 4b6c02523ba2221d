/**
 * Migration 0026 (issue 24 §2, the operator console's player search, GET admin/players;
 * modules/accounts/player-search.ts): the indexes that keep every branch of the search an index look-up
 * with a million players.
 * - `users_sso_id` on `users (sso_id)`: a partner studio's single-sign-on subject, whatever the partner
 *   (0008's unique `users_partner_sso_id` leads with `auth_partner`, which the search does not know).
 * - PostgreSQL only, `users_username_prefix` on `users ((username_normalized collate "C"))`: the
 *   username prefix search is a range on the lower-cased username compared byte-wise; the unique index
 *   of 0001 follows the database's collation, in which such a range is no prefix (and which the planner
 *   does not use for a `collate "C"` comparison). On SQLite the unique index of 0001 already is byte-wise
 *   (BINARY, the default collation), so nothing is added there.
 * The exact look-ups by Id_User, e-mail and linked Steam id use the unique indexes of 0001.
 */
import { sql, type Kysely } from 'kysely';
import type { Dialect } from './columns.ts';

/** Creates `users_sso_id`, and `users_username_prefix` on PostgreSQL. */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema.createIndex('users_sso_id').ifNotExists().on('users').column('sso_id').execute();
  if (dialect === 'postgres') {
    await db.schema
      .createIndex('users_username_prefix')
      .ifNotExists()
      .on('users')
      .column(sql`(username_normalized collate "C")`)
      .execute();
  }
}
